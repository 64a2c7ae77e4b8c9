import type { RuleId } from '../../harness/rules/registry.ts'
import type { AmountShape, QuoteRequestCase } from '../arbitraries/quote-arbitraries.ts'

/** What the spec says of a quote request: created, or refused with 400 and which rule says so. */
export type QuoteExpectation =
  | { accepted: true; rule: RuleId; fixed: 'debitAmount' | 'receiveAmount' | 'inferred' }
  | { accepted: false; rule: RuleId; why: string }

/**
 * Exactly one amount, valid and in its wallet address's asset, or none when the receiver's incomingAmount
 * gives it. When several things are wrong, any 400 is right; the rule blamed is the first found.
 */
export function expectedQuoteOutcome(request: QuoteRequestCase): QuoteExpectation {
  const given = (['debitAmount', 'receiveAmount'] as const).filter((name) => request[name] !== undefined)
  if (given.length === 2) return { accepted: false, rule: 'QT-ONE-AMOUNT', why: 'both amounts are given' }
  const [name] = given
  if (name === undefined) {
    return request.receiverHasAmount
      ? { accepted: true, rule: 'QT-INFER', fixed: 'inferred' }
      : { accepted: false, rule: 'QT-NO-AMOUNT', why: 'no amount, and the receiver has no incomingAmount' }
  }
  const shape = request[name] as AmountShape
  if (shape.kind === 'malformed') {
    return { accepted: false, rule: 'AMT-UINT64', why: `${name}.value is not a uint64 decimal string` }
  }
  if (shape.kind === 'foreign') {
    return { accepted: false, rule: 'QT-CROSS-ASSET', why: `${name} is not in its wallet address's asset` }
  }
  return { accepted: true, rule: 'QT-CREATE', fixed: name }
}
