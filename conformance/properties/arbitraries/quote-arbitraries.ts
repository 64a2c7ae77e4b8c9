import fc from 'fast-check'
import { malformedAmountValueArb } from './amount-arbitraries.ts'

/**
 * One amount of a generated quote request: valid (a number of the target's units, in the right asset), in an
 * asset the wallet address does not hold, or with a value that is not a uint64 decimal string.
 */
export type AmountShape =
  | { kind: 'valid'; units: bigint }
  | { kind: 'foreign'; units: bigint }
  | { kind: 'malformed'; value: unknown }

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
