import type { OutgoingPaymentWithSpentAmounts, WalletAddress } from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { amountIn } from '../discovery/discovery.ts'
import { expect, test } from '../fixtures/conformance-test.ts'
import { SHARED_DEBIT_UNITS } from '../fixtures/shared-grants.ts'
import { summarize } from '../http/format-exchange.ts'
import { describeAmount, expectAmountIn, sameAsset, sentWithinDebit } from '../resources/amount-checks.ts'
import { foreignAmount, paymentCalls } from '../resources/payment-calls.ts'
import { SETTLEMENT_TIMEOUT_MS } from '../resources/payment-steps.ts'
import { resourceCalls } from '../resources/resource-calls.ts'
import { newMarker, type Resources } from '../resources/resources.ts'
import { msUntilServerPasses, sleep } from '../resources/server-time.ts'
import { covers, rule } from '../rules/covers.ts'
import type { RuleId } from '../rules/registry.ts'
import { warn } from '../rules/warn.ts'
import { expiryWaitSeconds, tooLongToWait } from '../target/expiry-wait.ts'

// The timeout the tests had before the file was split; the quote expiry test adds the quote's lifetime.
const PAYMENT_TEST_TIMEOUT_MS = 2 * SETTLEMENT_TIMEOUT_MS + 30_000
test.describe.configure({ timeout: PAYMENT_TEST_TIMEOUT_MS })

/** A refused creation, and the list shows it created nothing. */
async function expectNothingCreated(
  ruleId: RuleId,
  resources: Resources,
  exchange: Exchange,
  statuses: number[],
  what: string,
  context: { sender: WalletAddress; token: string; marker: string },
): Promise<void> {
  expect(
    exchange.response.status,
    rule(ruleId, `${what} is refused with ${statuses.join(' or ')}: ${summarize(exchange)}`),
  ).toBeOneOf(statuses)
  const list = resourceCalls.listOutgoingPayments(context.sender, 100)
  expect(
    await resources.listed(list, context.token, context.marker),
    rule(ruleId, `${what} created no outgoing payment`),
  ).toBe(false)
}

test.describe('outgoing payments: create', () => {
  test(
    'an outgoing payment from a quote carries the quote amounts',
    covers('OP-CREATE-QUOTE'),
    async ({ resources, discovery, sharedGrants, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n * unit })
      const quote = await steps.quote(receiver.id, { debitAmount: amountIn(sender, 3n * unit) })

      const exchange = await steps.sendPayment(quote.id)
      expect(
        exchange.response.status,
        rule('OP-CREATE-QUOTE', `paying the quote: ${summarize(exchange)}`),
      ).toBe(201)
      const payment = exchange.response.json as OutgoingPaymentWithSpentAmounts
      expect(
        {
          walletAddress: payment.walletAddress,
          receiver: payment.receiver,
          debitAmount: payment.debitAmount,
          receiveAmount: payment.receiveAmount,
        },
        rule('OP-CREATE-QUOTE', "the payment has the quote's wallet address, receiver and amounts"),
      ).toEqual({
        walletAddress: sender.id,
        receiver: quote.receiver,
        debitAmount: quote.debitAmount,
        receiveAmount: quote.receiveAmount,
      })
      if (payment.quoteId === undefined) warn('OP-CREATE-QUOTE', 'the payment does not name its quoteId')
      else expect(payment.quoteId, rule('OP-CREATE-QUOTE', 'quoteId is the quote paid')).toBe(quote.id)
      expect(payment.failed, rule('OP-CREATE-QUOTE', 'a fresh payment has not failed')).not.toBe(true)
      expect(
        sentWithinDebit(payment),
        rule('OP-CREATE-QUOTE', `sentAmount ${describeAmount(payment.sentAmount)} is within debitAmount`),
      ).toBe(true)
      expectGrantSpentAmounts('OP-CREATE-QUOTE', payment, unit)

      const marker = newMarker()
      const unknown = await steps.sendPayment(paymentCalls.unknownId(sender, 'quotes'), marker)
      await expectNothingCreated('OP-CREATE-QUOTE', resources, unknown, [400, 404], 'an unknown quoteId', {
        sender,
        token: await sharedGrants.token('outgoing-payment'),
        marker,
      })
    },
  )

  test(
    'an outgoing payment from an incoming payment and a debitAmount',
    covers('OP-CREATE-INCOMING'),
    async ({ resources, discovery, sharedGrants, paymentSteps: steps }) => {
      const { sender, receiver: receiverWallet, unit } = discovery
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n * unit })

      const exchange = await steps.sendDirectPayment(receiver.id, 3n * unit)
      expect(
        exchange.response.status,
        rule('OP-CREATE-INCOMING', `paying the incoming payment: ${summarize(exchange)}`),
      ).toBe(201)
      const payment = exchange.response.json as OutgoingPaymentWithSpentAmounts
      expect(
        {
          walletAddress: payment.walletAddress,
          receiver: payment.receiver,
          debitAmount: payment.debitAmount,
        },
        rule(
          'OP-CREATE-INCOMING',
          'the payment sends the debitAmount from the sender to the incoming payment',
        ),
      ).toEqual({ walletAddress: sender.id, receiver: receiver.id, debitAmount: amountIn(sender, 3n * unit) })
      expectAmountIn('OP-CREATE-INCOMING', payment.receiveAmount, receiverWallet, 'receiveAmount')
      expectGrantSpentAmounts('OP-CREATE-INCOMING', payment, unit)

      const marker = newMarker()
      const token = await sharedGrants.token('outgoing-payment')
      const foreign = foreignAmount(sender, 3n * unit)
      const refused = await resources.send(
        paymentCalls.payIncomingPayment(sender, receiver.id, foreign, marker),
        token,
      )
      await expectNothingCreated(
        'OP-CREATE-INCOMING',
        resources,
        refused,
        [400],
        `a debitAmount in ${describeAmount(foreign)}, not the sender's asset`,
        { sender, token, marker },
      )
    },
  )

  test(
    'a quote pays one outgoing payment only',
    covers('OP-QUOTE-ONCE'),
    async ({ resources, discovery, sharedGrants, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n * unit })
      const quote = await steps.quote(receiver.id, { debitAmount: amountIn(sender, 2n * unit) })
      await steps.pay(quote, 'OP-QUOTE-ONCE')

      const marker = newMarker()
      const again = await steps.sendPayment(quote.id, marker)
      await expectNothingCreated(
        'OP-QUOTE-ONCE',
        resources,
        again,
        [400],
        'a second payment from the quote',
        {
          sender,
          token: await sharedGrants.token('outgoing-payment'),
          marker,
        },
      )
    },
  )

  test(
    'an expired quote pays nothing',
    covers('OP-QUOTE-EXPIRY'),
    async ({ resources, discovery, sharedGrants, target, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n * unit })
      const quote = await steps.quote(receiver.id, { debitAmount: amountIn(sender, 2n * unit) })
      const receivedAt = Date.now()
      test.skip(!quote.expiresAt, 'the quote has no expiresAt to wait for (QT-CREATE reports it)')
      const lifetime = Date.parse(quote.expiresAt!) - Date.parse(quote.createdAt)
      test.skip(
        lifetime > expiryWaitSeconds(target, 'quote') * 1000,
        tooLongToWait(target, 'quote', lifetime / 1000),
      )
      test.setTimeout(PAYMENT_TEST_TIMEOUT_MS + lifetime)

      await sleep(msUntilServerPasses(quote.expiresAt!, quote.createdAt, receivedAt))
      // Asked for after the wait: a token held across it may have expired meanwhile.
      const token = await sharedGrants.token('outgoing-payment')
      const marker = newMarker()
      const late = await steps.sendPayment(quote.id, marker, token)
      await expectNothingCreated(
        'OP-QUOTE-EXPIRY',
        resources,
        late,
        [400],
        `the quote after ${quote.expiresAt}`,
        {
          sender,
          token,
          marker,
        },
      )

      const fresh = await steps.quote(receiver.id, { debitAmount: amountIn(sender, 2n * unit) })
      const control = await steps.sendPayment(fresh.id, newMarker(), token)
      expect(
        control.response.status,
        rule(
          'OP-QUOTE-EXPIRY',
          `positive control, a fresh quote to the same receiver: ${summarize(control)}`,
        ),
      ).toBe(201)
    },
  )
})

/** Optional on creation; when given, each is in the asset of the amount it totals, within the grant's limit. */
function expectGrantSpentAmounts(
  ruleId: RuleId,
  payment: OutgoingPaymentWithSpentAmounts,
  unit: bigint,
): void {
  const { grantSpentDebitAmount: debit, grantSpentReceiveAmount: receive } = payment
  if (debit) {
    expect(
      sameAsset(debit, payment.debitAmount) && BigInt(debit.value) <= SHARED_DEBIT_UNITS * unit,
      rule(
        ruleId,
        `grantSpentDebitAmount ${describeAmount(debit)} is in the debit asset, within the grant's limit`,
      ),
    ).toBe(true)
  }
  if (receive) {
    expect(
      sameAsset(receive, payment.receiveAmount),
      rule(ruleId, `grantSpentReceiveAmount ${describeAmount(receive)} is in the receive asset`),
    ).toBe(true)
  }
}
