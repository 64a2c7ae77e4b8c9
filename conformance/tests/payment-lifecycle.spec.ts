import type { Quote } from '@interledger/open-payments'
import { expectNoFurtherPayment } from '../checks/closed-receiver.ts'
import {
  REFUSED_GONE_RECEIVER,
  REFUSED_RECEIVER,
  readUnlessGone,
} from '../checks/incoming-payment-refusals.ts'
import {
  aheadOfServer,
  amountIn,
  covers,
  describeAmount,
  expect,
  incomingLifetimeMs,
  msUntilServerPasses,
  type PaymentSteps,
  type RuleId,
  rule,
  SETTLEMENT_TIMEOUT_MS,
  sleep,
  test,
  waitsLong,
} from '../fixtures/conformance-test.ts'

/**
 * The receiver's wanted lifetime: long enough for a quote made right after creation, short enough to wait for.
 * `incomingLifetimeMs` lengthens it to the target's declared minimum and to the time its answers take.
 */
const RECEIVER_LIFETIME_MS = 8_000

test.describe.configure({ timeout: 3 * SETTLEMENT_TIMEOUT_MS + incomingLifetimeMs(RECEIVER_LIFETIME_MS) })

/**
 * Pays the quote and waits for the payment to settle: slow settlement is an OP-PROCESS warning and skips the
 * test (naming waits.settlementSeconds), so the receiver is read only once the payment has been processed.
 */
async function settled(steps: PaymentSteps, quote: Quote): Promise<void> {
  await steps.untilSent((await steps.pay(quote)).id, 'IP-COMPLETE-ON-RECEIPT')
}

test.describe('incoming payments paid by outgoing payments', () => {
  test(
    'an incoming payment completes once it has received its incomingAmount',
    covers('IP-COMPLETE-ON-RECEIPT', 'QT-INFER'),
    async ({ discovery, paymentSteps: steps }) => {
      const { receiver: receiverWallet, unit } = discovery
      const [whole, part] = [10n * unit, 4n * unit]
      const { payment: receiver } = await steps.receiver({ incomingValue: whole })

      await settled(steps, await steps.quote(receiver.id, { receiveAmount: amountIn(receiverWallet, part) }))
      const partial = await steps.untilReceived(receiver.id, part, 'IP-COMPLETE-ON-RECEIPT')
      expect(
        partial.completed,
        rule(
          'IP-COMPLETE-ON-RECEIPT#reaches-amount',
          `with ${part} of its incomingAmount of ${whole} received, it is not completed`,
        ),
      ).toBe(false)

      // The spec leaves open whether the inferred amount is what remains (decisions.md) or the whole
      // incomingAmount (Rafiki): either is an amount "inferred from the receiver".
      const rest = await steps.quote(receiver.id, {}, 'QT-INFER')
      expect(
        [amountIn(receiverWallet, whole - part), amountIn(receiverWallet, whole)],
        rule(
          'QT-INFER',
          `without amounts the quote receives what remains (${whole - part}) or the whole incomingAmount ` +
            `(${whole}); it quoted ${describeAmount(rest.receiveAmount)}`,
        ),
      ).toContainEqual(rest.receiveAmount)
      // Paying a quote of the whole amount would take receivedAmount past incomingAmount, which a server may
      // refuse, fail or deliver in part (docs/spec-decisions.md): the rest is then paid by a quote that fixes it.
      const remaining = amountIn(receiverWallet, whole - part)
      const isRest = rest.receiveAmount.value === remaining.value
      await settled(steps, isRest ? rest : await steps.quote(receiver.id, { receiveAmount: remaining }))
      await steps.untilReceived(receiver.id, whole, 'IP-COMPLETE-ON-RECEIPT')
      await steps.untilCompleted(receiver.id, 'IP-COMPLETE-ON-RECEIPT#reaches-amount')
    },
  )

  test(
    'an incoming payment without incomingAmount does not complete by receiving',
    covers('IP-COMPLETE-ON-RECEIPT'),
    async ({ discovery, paymentSteps: steps }) => {
      const { receiver: receiverWallet, unit } = discovery
      const { payment: receiver } = await steps.receiver()
      await settled(
        steps,
        await steps.quote(receiver.id, { receiveAmount: amountIn(receiverWallet, 3n * unit) }),
      )
      // Positive control: the payment reached it, so a completion by receiving would have happened by now.
      const paid = await steps.untilReceived(receiver.id, 3n * unit, 'IP-COMPLETE-ON-RECEIPT')
      expect(
        paid.completed,
        rule(
          'IP-COMPLETE-ON-RECEIPT#open-without-amount',
          `without incomingAmount, receiving ${3n * unit} does not complete it (only POST complete does)`,
        ),
      ).toBe(false)
    },
  )

  test(
    'a completed incoming payment takes no further payment',
    covers('IP-REJECT-AFTER-COMPLETE', 'OP-FAILED'),
    async ({ discovery, paymentSteps: steps }) => {
      const { sender, receiver: receiverWallet, unit } = discovery
      const ruleId: RuleId = 'IP-REJECT-AFTER-COMPLETE'
      const { payment: receiver } = await steps.receiver({ incomingValue: 3n * unit })
      // Quoted while the incoming payment is open: a refusal here is QT-CREATE's, not the closed receiver's.
      const earlier = await steps.quote(receiver.id, { receiveAmount: amountIn(receiverWallet, unit) })

      await settled(
        steps,
        await steps.quote(receiver.id, { receiveAmount: amountIn(receiverWallet, 3n * unit) }),
      )
      await steps.untilReceived(receiver.id, 3n * unit, 'IP-COMPLETE-ON-RECEIPT')
      await steps.untilCompleted(receiver.id, 'IP-COMPLETE-ON-RECEIPT#reaches-amount')

      await expectNoFurtherPayment(steps, sender, unit, {
        ruleId,
        receiver: receiver.id,
        earlier,
        what: {
          quote: 'a quote to the completed incoming payment',
          payment: 'a payment with a debitAmount to the completed incoming payment',
          earlier: 'paying a quote made before the incoming payment completed',
        },
        refused: REFUSED_RECEIVER,
      })
      expect(
        (await steps.readIncoming(receiver.id)).receivedAmount.value,
        rule(ruleId, 'the completed incoming payment received nothing more'),
      ).toBe(String(3n * unit))
    },
  )

  test(
    'an expired incoming payment takes no further payment',
    waitsLong(covers('IP-REJECT-AFTER-EXPIRY', 'OP-FAILED')),
    async ({ resources, discovery, incoming, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      const ruleId: RuleId = 'IP-REJECT-AFTER-EXPIRY'
      // The expiry is set on the target's clock, read from a first receiver's createdAt: one computed from ours
      // lies in the target's past when its clock runs ahead, and the create is rightly refused.
      const clock = await steps.receiver()
      const expiresAt = aheadOfServer(
        clock.payment.createdAt,
        clock.receivedAt,
        incomingLifetimeMs(RECEIVER_LIFETIME_MS),
      )
      const { payment: receiver, receivedAt } = await steps.receiver({ incomingValue: 10n * unit, expiresAt })
      // Quoted before the expiry: a refusal here is QT-CREATE's, not the expired receiver's.
      const earlier = await steps.quote(receiver.id, { debitAmount: amountIn(sender, unit) })

      const deadline = receiver.expiresAt ?? expiresAt.toISOString()
      await sleep(msUntilServerPasses(deadline, receiver.createdAt, receivedAt))

      await expectNoFurtherPayment(steps, sender, unit, {
        ruleId,
        receiver: receiver.id,
        earlier,
        what: {
          quote: `a quote to the incoming payment after its expiresAt ${deadline}`,
          payment: `a payment with a debitAmount after ${deadline}`,
          earlier: `paying, after ${deadline}, a quote made before it`,
        },
        // It received nothing, so the server may have deleted it.
        refused: REFUSED_GONE_RECEIVER,
      })
      const after = await readUnlessGone(resources, receiver.id, await incoming.token(), 'IP-GET')
      expect(
        after?.receivedAmount.value ?? '0',
        rule(ruleId, 'the expired incoming payment received nothing'),
      ).toBe('0')
    },
  )
})
