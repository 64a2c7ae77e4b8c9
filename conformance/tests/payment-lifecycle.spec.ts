import type { OutgoingPayment } from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { amountIn } from '../discovery/discovery.ts'
import { expect, test } from '../fixtures/conformance-test.ts'
import { summarize } from '../http/format-exchange.ts'
import { PaymentSteps, SETTLEMENT_TIMEOUT_MS } from '../resources/payment-steps.ts'
import { aheadOfServer, msUntilServerPasses, sleep } from '../resources/server-time.ts'
import { covers, rule } from '../rules/covers.ts'

/** decisions.md: a quote or payment to a completed or expired incoming payment gets 400 (Rafiki) or 403. */
const REFUSED = [400, 403]

/** Long enough for a quote made right after creation, short enough to wait for (on the target's clock). */
const RECEIVER_LIFETIME_MS = 8_000

test.describe.configure({ timeout: 3 * SETTLEMENT_TIMEOUT_MS })

function expectQuoteRefused(ruleId: string, exchange: Exchange, what: string): void {
  expect(REFUSED, rule(ruleId, `${what} is refused with 400 or 403: ${summarize(exchange)}`)).toContain(
    exchange.response.status,
  )
}

/**
 * A payment to a receiver that takes no more is refused at creation, or, when the server only finds out
 * while sending (a quote made earlier), accepted and then failed.
 */
async function expectPaymentRefused(
  ruleId: string,
  steps: PaymentSteps,
  exchange: Exchange,
  what: string,
): Promise<void> {
  if (exchange.response.status === 201) {
    await steps.untilFailed((exchange.response.json as OutgoingPayment).id, ruleId)
    return
  }
  expect(
    REFUSED,
    rule(ruleId, `${what} is refused with 400 or 403 (or accepted, then failed): ${summarize(exchange)}`),
  ).toContain(exchange.response.status)
}

test.describe('incoming payments paid by outgoing payments', () => {
  test(
    'an incoming payment completes once it has received its incomingAmount',
    covers('IP-COMPLETE-ON-RECEIPT', 'QT-INFER'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver: receiverWallet } = discovery
      const steps = new PaymentSteps(resources, discovery, sharedGrants)
      const { payment: receiver } = await steps.receiver({ incomingValue: 10n })

      await steps.pay(await steps.quote(receiver.id, { receiveAmount: amountIn(receiverWallet, 4n) }))
      const partial = await steps.untilReceived(receiver.id, 4n, 'IP-COMPLETE-ON-RECEIPT')
      expect(
        partial.completed,
        rule('IP-COMPLETE-ON-RECEIPT', 'with 4 of its incomingAmount of 10 received, it is not completed'),
      ).toBe(false)

      const rest = await steps.quote(receiver.id, {}, 'QT-INFER')
      expect(
        rest.receiveAmount,
        rule('QT-INFER', 'without amounts the quote receives incomingAmount less receivedAmount: 10 - 4'),
      ).toEqual(amountIn(receiverWallet, 6n))
      await steps.pay(rest)
      await steps.untilReceived(receiver.id, 10n, 'IP-COMPLETE-ON-RECEIPT')
      await steps.untilCompleted(receiver.id, 'IP-COMPLETE-ON-RECEIPT')
    },
  )

  test(
    'a completed incoming payment takes no further payment',
    covers('IP-REJECT-AFTER-COMPLETE'),
    async ({ resources, discovery, sharedGrants }) => {
      const { sender, receiver: receiverWallet } = discovery
      const steps = new PaymentSteps(resources, discovery, sharedGrants)
      const { payment: receiver } = await steps.receiver({ incomingValue: 3n })
      const earlier = await steps.quote(
        receiver.id,
        { receiveAmount: amountIn(receiverWallet, 1n) },
        'IP-REJECT-AFTER-COMPLETE',
      )

      await steps.pay(await steps.quote(receiver.id, { receiveAmount: amountIn(receiverWallet, 3n) }))
      await steps.untilReceived(receiver.id, 3n, 'IP-COMPLETE-ON-RECEIPT')
      await steps.untilCompleted(receiver.id, 'IP-COMPLETE-ON-RECEIPT')

      const ruleId = 'IP-REJECT-AFTER-COMPLETE'
      expectQuoteRefused(
        ruleId,
        await steps.sendQuote(receiver.id, { debitAmount: amountIn(sender, 1n) }),
        'a quote to the completed incoming payment',
      )
      await expectPaymentRefused(
        ruleId,
        steps,
        await steps.sendDirectPayment(receiver.id, 1n),
        'a payment with a debitAmount to the completed incoming payment',
      )
      await expectPaymentRefused(
        ruleId,
        steps,
        await steps.sendPayment(earlier.id),
        'paying a quote made before the incoming payment completed',
      )
      expect(
        (await steps.readIncoming(receiver.id)).receivedAmount.value,
        rule(ruleId, 'the completed incoming payment received nothing more'),
      ).toBe('3')
    },
  )

  test(
    'an expired incoming payment takes no further payment',
    covers('IP-REJECT-AFTER-EXPIRY'),
    async ({ resources, discovery, sharedGrants }) => {
      const { sender } = discovery
      const steps = new PaymentSteps(resources, discovery, sharedGrants)
      // The expiry is set on the target's clock, read from a first receiver's createdAt: one computed from ours
      // lies in the target's past when its clock runs ahead, and the create is rightly refused.
      const clock = await steps.receiver()
      const expiresAt = aheadOfServer(clock.payment.createdAt, clock.receivedAt, RECEIVER_LIFETIME_MS)
      const { payment: receiver, receivedAt } = await steps.receiver({ incomingValue: 10n, expiresAt })
      const earlier = await steps.quote(
        receiver.id,
        { debitAmount: amountIn(sender, 1n) },
        'IP-REJECT-AFTER-EXPIRY',
      )

      const deadline = receiver.expiresAt ?? expiresAt.toISOString()
      await sleep(msUntilServerPasses(deadline, receiver.createdAt, receivedAt))

      const ruleId = 'IP-REJECT-AFTER-EXPIRY'
      expectQuoteRefused(
        ruleId,
        await steps.sendQuote(receiver.id, { debitAmount: amountIn(sender, 1n) }),
        `a quote to the incoming payment after its expiresAt ${deadline}`,
      )
      await expectPaymentRefused(
        ruleId,
        steps,
        await steps.sendDirectPayment(receiver.id, 1n),
        `a payment with a debitAmount after ${deadline}`,
      )
      await expectPaymentRefused(
        ruleId,
        steps,
        await steps.sendPayment(earlier.id),
        `paying, after ${deadline}, a quote made before it`,
      )
      expect(
        (await steps.readIncoming(receiver.id)).receivedAmount.value,
        rule(ruleId, 'the expired incoming payment received nothing'),
      ).toBe('0')
    },
  )
})
