import fc from 'fast-check'
import type { Metadata } from '../model/incoming-payment-model.ts'

/** An incomingAmount value any server should take: well inside uint64 (the edges are amountValueArb's). */
export const incomingAmountValueArb: fc.Arbitrary<bigint> = fc.bigInt({ min: 1n, max: 10n ** 12n })

const metadataKeyArb = fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,11}$/)

/**
 * JSON every correct server keeps as sent: no floats (-0 and precision are a store's business) and printable
 * ASCII strings (a server may refuse NUL or lone surrogates, which Postgres cannot hold).
 */
const metadataLeafArb = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null))

/** The client's own metadata, arbitrary keys and values; the run adds its marker. */
export const metadataArb: fc.Arbitrary<Metadata> = fc.dictionary(
  metadataKeyArb,
  fc.oneof(
    metadataLeafArb,
    fc.array(metadataLeafArb, { maxLength: 3 }),
    fc.dictionary(metadataKeyArb, metadataLeafArb, { maxKeys: 3 }),
  ),
  { maxKeys: 4 },
)
