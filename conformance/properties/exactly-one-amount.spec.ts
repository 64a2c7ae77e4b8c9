import type { IncomingPayment, WalletAddress } from '@interledger/open-payments'
import {
  type AmountShape,
  type QuoteRequestCase,
  quoteRequestCaseArb,
} from './arbitraries/quote-arbitraries.ts'
import { expectClientError } from './support/expect-client-error.ts'
import {
  amountIn,
  bodyOf,
  type Discovery,
  expect,
  foreignAmount,
  type PaymentSteps,
  propertyDetails,
  type QuoteAmounts,
  rule,
  runProperty,
  summarize,
  test,
} from './support/property-test.ts'
import { expectedQuoteOutcome } from './support/quote-expectation.ts'

// One quote per run, against two incoming payments made once.
const BUDGET = { numRuns: 150, timeLimitMs: 25_000 }
const NAME = 'exactly-one-amount'
/** The receiver's incomingAmount, in units: above any quote the arbitraries ask for. */
const INCOMING_UNITS = 1000n

test.describe('quotes: exactly one amount, or none when the receiver has one', () => {
  test(
    'any mix of debitAmount, receiveAmount and receiver is created exactly where the spec allows',
    propertyDetails(
      NAME,
      'QT-CREATE',
      'QT-ONE-AMOUNT',
      'QT-INFER',
      'QT-NO-AMOUNT',
      'QT-CROSS-ASSET',
      'AMT-UINT64',
    ),
    async ({ paymentSteps, discovery }, testInfo) => {
      const receivers = {
        withAmount: (await paymentSteps.receiver({ incomingValue: INCOMING_UNITS * discovery.unit })).payment,
        withoutAmount: (await paymentSteps.receiver()).payment,
      }
      const asSpecified = createdAsSpecified(paymentSteps, discovery, receivers)
      await runProperty(testInfo, NAME, quoteRequestCaseArb, asSpecified, BUDGET)
    },
  )
})

/** The oracle: the quote is created, keeping the amount it fixes, exactly where the spec allows it. */
function createdAsSpecified(
  paymentSteps: PaymentSteps,
  { sender, receiver, unit }: Discovery,
  receivers: { withAmount: IncomingPayment; withoutAmount: IncomingPayment },
) {
  const amountOf = (shape: AmountShape, walletAddress: WalletAddress) => {
    if (shape.kind === 'valid') return amountIn(walletAddress, shape.units * unit)
    if (shape.kind === 'foreign') return foreignAmount(walletAddress, shape.units * unit)
    return { ...amountIn(walletAddress, 1n), value: shape.value }
  }
  return async (request: QuoteRequestCase) => {
    const expected = expectedQuoteOutcome(request)
    const amounts = {
      ...(request.debitAmount && { debitAmount: amountOf(request.debitAmount, sender) }),
      ...(request.receiveAmount && { receiveAmount: amountOf(request.receiveAmount, receiver) }),
    } as QuoteAmounts
    const incoming = request.receiverHasAmount ? receivers.withAmount : receivers.withoutAmount
    const exchange = await paymentSteps.sendQuote(
      incoming.id,
      amounts,
      expected.accepted ? 'valid' : 'invalid',
    )
    if (!expected.accepted) {
      expectClientError(exchange, {
        rule: expected.rule,
        what: `a quote where ${expected.why}`,
        statuses: [400],
      })
      // Quotes cannot be listed: a refusal that names a quote would be one created.
      expect(
        (exchange.response.json as { id?: unknown } | undefined)?.id,
        rule(expected.rule, `the refused quote request created no quote: ${summarize(exchange)}`),
      ).toBeUndefined()
      return
    }
    expect(exchange).toAnswer(
      201,
      expected.rule,
      `a quote with ${Object.keys(amounts).join(' and ') || 'no amount'}`,
    )
    const [fixed, value] =
      expected.fixed === 'inferred'
        ? (['receiveAmount', incoming.incomingAmount] as const)
        : ([expected.fixed, amounts[expected.fixed]] as const)
    expect(
      bodyOf(exchange, 'quote')[fixed],
      rule(expected.rule, `the quote keeps the ${fixed} ${JSON.stringify(value)}`),
    ).toEqual(value)
  }
}
