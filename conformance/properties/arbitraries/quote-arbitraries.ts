import fc from 'fast-check'
import { uint64ValueArb } from './amount-arbitraries.ts'

/**
 * One amount of a generated quote request: valid (a number of the target's units, in the right asset), in an
 * asset the wallet address does not hold, or with a value that is not a uint64 decimal string.
 */
export type AmountShape =
  | { kind: 'valid'; units: bigint }
  | { kind: 'foreign'; units: bigint }
  | { kind: 'malformed'; value: unknown }

/** Values no server may take as an Amount value: signs, fractions, exponents, padding, overflow, non-strings. */
export const malformedAmountValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('-1', '1.5', '', 'abc', ' 1', '1 ', '1e3', '0x10', '+1', '١'),
  uint64ValueArb.map((value) => String(value + 2n ** 64n - 1n)),
  uint64ValueArb.map((value) => `-${value}`),
  fc.integer({ min: 1, max: 1000 }),
  fc.constantFrom(null, true, [], {}),
)

const quoteUnitsArb = fc.bigInt({ min: 1n, max: 50n })

export const amountShapeArb: fc.Arbitrary<AmountShape> = fc.oneof(
  { weight: 3, arbitrary: quoteUnitsArb.map((units) => ({ kind: 'valid' as const, units })) },
  { weight: 1, arbitrary: quoteUnitsArb.map((units) => ({ kind: 'foreign' as const, units })) },
  { weight: 1, arbitrary: malformedAmountValueArb.map((value) => ({ kind: 'malformed' as const, value })) },
)

/** A quote request: either amount or none, to a receiver with or without incomingAmount. */
export interface QuoteRequestCase {
  debitAmount?: AmountShape
  receiveAmount?: AmountShape
  receiverHasAmount: boolean
}

export const quoteRequestCaseArb: fc.Arbitrary<QuoteRequestCase> = fc.record(
  {
    debitAmount: amountShapeArb,
    receiveAmount: amountShapeArb,
    receiverHasAmount: fc.boolean(),
  },
  { requiredKeys: ['receiverHasAmount'] },
)
