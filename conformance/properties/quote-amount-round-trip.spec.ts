import fc from 'fast-check'
import { expectRefusal } from '../checks/refusals.ts'
import { amountIn, bodyOf, expect, rule, summarize, test, warn } from '../fixtures/conformance-test.ts'
import { uint64ValueArb } from './arbitraries/amount-arbitraries.ts'
import { timeoutFor } from './support/property-budget.ts'
import { propertyDetails, runProperty } from './support/run-property.ts'

// One quote per run, to one receiver made once.
const BUDGET = { numRuns: 60, timeLimitMs: 20_000 }
const NAME = 'quote-amount-uint64'

test.describe('amounts: a quote keeps the uint64 amount it is given, digit for digit, or refuses it', () => {
  test(
    'any uint64 debitAmount or receiveAmount (in whole units) answers 201 keeping it exactly, or 400',
    propertyDetails(NAME, 'AMT-UINT64', 'QT-CREATE'),
    async ({ paymentSteps, discovery }, testInfo) => {
      test.setTimeout(timeoutFor(BUDGET))
      const { sender, receiver, unit } = discovery
      const { payment } = await paymentSteps.receiver()
      const refused: string[] = []
      // A value the target's unit does not divide would be a fee question, not an amount one.
      const valueArb = uint64ValueArb.map((value) => value - (value % unit)).filter((value) => value > 0n)

      await runProperty(
        testInfo,
        NAME,
        fc.tuple(fc.constantFrom('debitAmount' as const, 'receiveAmount' as const), valueArb),
        async ([fixed, value]) => {
          const amount = amountIn(fixed === 'debitAmount' ? sender : receiver, value)
          const exchange = await paymentSteps.sendQuote(payment.id, { [fixed]: amount })
          // A server may refuse a quote it cannot price (the other amount would overflow, or exceed what it
          // can move); it must never keep a different number.
          if (exchange.response.status === 400) {
            expectRefusal(exchange, {
              rule: 'AMT-UINT64',
              what: `a quote for ${fixed} ${value}`,
              statuses: [400],
            })
            refused.push(`${fixed} ${value}`)
            return
          }
          expect(exchange).toAnswer(201, 'QT-CREATE', `a quote for ${fixed} ${value} answers 201 or 400`)
          expect(
            bodyOf(exchange, 'quote')[fixed],
            rule('AMT-UINT64', `the quote keeps ${fixed} ${value} digit for digit: ${summarize(exchange)}`),
          ).toEqual(amount)
        },
        BUDGET,
      )
      if (refused.length > 0) warn('AMT-UINT64', `quotes refused with 400: ${refused.join(', ')}`)
    },
  )
})
