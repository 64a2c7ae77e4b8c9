import fc from 'fast-check'
import { expectRefusal } from '../checks/refusals.ts'
import { uint64ValueArb } from './arbitraries/amount-arbitraries.ts'
import {
  amountIn,
  bodyOf,
  type Discovery,
  expect,
  type PaymentSteps,
  propertyDetails,
  rule,
  runProperty,
  summarize,
  test,
  warn,
} from './support/property-test.ts'

// One quote per run, to one receiver made once.
const BUDGET = { numRuns: 60, timeLimitMs: 20_000 }
const NAME = 'quote-amount-uint64'

/** Which amount the quote fixes, and its value: a whole number of the target's units. */
const fixedAmountArb = (unit: bigint) =>
  fc.tuple(
    fc.constantFrom('debitAmount' as const, 'receiveAmount' as const),
    // A value the target's unit does not divide would be a fee question, not an amount one.
    uint64ValueArb.map((value) => value - (value % unit)).filter((value) => value > 0n),
  )

test.describe('amounts: a quote keeps the uint64 amount it is given, digit for digit, or refuses it', () => {
  test(
    'any uint64 debitAmount or receiveAmount (in whole units) answers 201 keeping it exactly, or 400',
    propertyDetails(NAME, 'AMT-UINT64', 'QT-CREATE'),
    async ({ paymentSteps, discovery }, testInfo) => {
      const { payment } = await paymentSteps.receiver()
      const refused: string[] = []
      const kept = keepsTheAmount(paymentSteps, discovery, payment.id, refused)
      await runProperty(testInfo, NAME, fixedAmountArb(discovery.unit), kept, BUDGET)
      if (refused.length > 0) warn('AMT-UINT64', `quotes refused with 400: ${refused.join(', ')}`)
    },
  )
})

/** The oracle: the quote keeps the amount it fixes digit for digit, or is refused with 400. */
function keepsTheAmount(
  paymentSteps: PaymentSteps,
  { sender, receiver }: Discovery,
  incomingPaymentId: string,
  refused: string[],
) {
  return async ([fixed, value]: ['debitAmount' | 'receiveAmount', bigint]) => {
    const amount = amountIn(fixed === 'debitAmount' ? sender : receiver, value)
    const exchange = await paymentSteps.sendQuote(incomingPaymentId, { [fixed]: amount })
    // A server may refuse a quote it cannot price (the other amount would overflow, or exceed what it can
    // move); it must never keep a different number.
    if (exchange.response.status === 400) {
      expectRefusal(exchange, { rule: 'AMT-UINT64', what: `a quote for ${fixed} ${value}`, statuses: [400] })
      refused.push(`${fixed} ${value}`)
      return
    }
    expect(exchange).toAnswer(201, 'QT-CREATE', `a quote for ${fixed} ${value} answers 201 or 400`)
    expect(
      bodyOf(exchange, 'quote')[fixed],
      rule('AMT-UINT64', `the quote keeps ${fixed} ${value} digit for digit: ${summarize(exchange)}`),
    ).toEqual(amount)
  }
}
