import type { WalletAddress } from '@interledger/open-payments'
import { amountIn, bodyOf, expect, rule, summarize, test } from '../fixtures/conformance-test.ts'
import { foreignAmount } from '../steps/amounts.ts'
import type { QuoteAmounts } from '../steps/resource-calls.ts'
import { type AmountShape, quoteRequestCaseArb } from './arbitraries/quote-arbitraries.ts'
import { expectClientError } from './support/expect-client-error.ts'
import { timeoutFor } from './support/property-budget.ts'
import { expectedQuoteOutcome } from './support/quote-expectation.ts'
import { propertyDetails, runProperty } from './support/run-property.ts'

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
      test.setTimeout(timeoutFor(BUDGET))
      const { sender, receiver, unit } = discovery
      const withAmount = (await paymentSteps.receiver({ incomingValue: INCOMING_UNITS * unit })).payment
      const withoutAmount = (await paymentSteps.receiver()).payment
      const amountOf = (shape: AmountShape, walletAddress: WalletAddress) => {
        if (shape.kind === 'valid') return amountIn(walletAddress, shape.units * unit)
        if (shape.kind === 'foreign') return foreignAmount(walletAddress, shape.units * unit)
        return { ...amountIn(walletAddress, 1n), value: shape.value }
      }

      await runProperty(
        testInfo,
        NAME,
        quoteRequestCaseArb,
        async (request) => {
          const expected = expectedQuoteOutcome(request)
          const amounts = {
            ...(request.debitAmount && { debitAmount: amountOf(request.debitAmount, sender) }),
            ...(request.receiveAmount && { receiveAmount: amountOf(request.receiveAmount, receiver) }),
          } as QuoteAmounts
          const incoming = request.receiverHasAmount ? withAmount : withoutAmount
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
          const quote = bodyOf(exchange, 'quote')
          const [fixed, value] =
            expected.fixed === 'inferred'
              ? (['receiveAmount', incoming.incomingAmount] as const)
              : ([expected.fixed, amounts[expected.fixed]] as const)
          expect(
            quote[fixed],
            rule(expected.rule, `the quote keeps the ${fixed} ${JSON.stringify(value)}`),
          ).toEqual(value)
        },
        BUDGET,
      )
    },
  )
})
