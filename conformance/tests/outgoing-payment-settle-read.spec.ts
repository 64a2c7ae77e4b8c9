import type { OutgoingPayment } from '@interledger/open-payments'
import {
  amountIn,
  BEYOND_ANY_BALANCE,
  bodyOf,
  covers,
  describeAmount,
  expect,
  newMarker,
  resourceCalls,
  rule,
  SETTLEMENT_TIMEOUT_MS,
  sentWithinDebit,
  settlementTestTimeoutMs,
  sleep,
  summarize,
  test,
  unknownId,
  warn,
} from '../fixtures/conformance-test.ts'

// OP-FAILED polls two payments, each for up to SETTLEMENT_TIMEOUT_MS.
test.describe.configure({ timeout: settlementTestTimeoutMs(2) })

test.describe('outgoing payments: settlement, failure, get and list', () => {
  test(
    'a payment settles: sentAmount reaches its amount and the receiver receives it once',
    covers('OP-SETTLE', 'OP-PROCESS'),
    async ({ resources, discovery, sharedGrants, paymentSteps: steps }) => {
      const { receiver: receiverWallet, unit } = discovery
      const { payment: receiver } = await steps.receiver({ incomingValue: 5n * unit })
      const quote = await steps.quote(receiver.id, { receiveAmount: amountIn(receiverWallet, 5n * unit) })
      const created = await steps.pay(quote)
      expect(
        sentWithinDebit(created),
        rule('OP-CREATE-QUOTE', `sentAmount ${describeAmount(created.sentAmount)} starts within debitAmount`),
      ).toBe(true)

      // A payment whose receiver got it all has been processed: its sentAmount must then show it, however slow.
      const first = await steps.outcome(created.id)
      const delivered =
        first.state === 'pending' &&
        BigInt((await steps.readIncoming(receiver.id)).receivedAmount.value) >=
          BigInt(quote.receiveAmount.value)
      // Delivered: its sentAmount must catch up, however long that takes. Else it has had its settlement time.
      const sent = delivered
        ? await steps.untilSent(created.id, 'OP-SETTLE', undefined, true)
        : steps.sentOf(created.id, first)
      expect(sent.failed, rule('OP-SETTLE#sent', 'the settled payment has not failed')).not.toBe(true)
      await steps.untilReceived(receiver.id, BigInt(quote.receiveAmount.value), 'OP-SETTLE#received-once')

      // A second settlement of the same payment would show by now.
      await sleep(1000)
      const after = await steps.readIncoming(receiver.id)
      expect(
        after.receivedAmount.value,
        rule('OP-SETTLE#received-once', 'the receiver got receiveAmount once, not more'),
      ).toBe(quote.receiveAmount.value)
      const again = await resources.send(
        resourceCalls.getOutgoingPayment(created.id),
        await sharedGrants.token('outgoing-payment'),
      )
      expect(again).toAnswer(200, 'OP-SETTLE', `get ${created.id} after it settled`)
      expect(
        bodyOf(again, 'outgoing-payment').sentAmount,
        rule('OP-SETTLE#sent', `sentAmount stays where it settled: ${summarize(again)}`),
      ).toEqual(sent.sentAmount)
    },
  )

  test(
    'a payment the sender cannot cover fails, or is refused',
    covers('OP-FAILED', 'OP-PROCESS'),
    async ({ grants, discovery, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      // A grant of its own whose limit lets the payment through: only the sender's balance stands in its way.
      const limits = { debitAmount: amountIn(sender, 2n * BEYOND_ANY_BALANCE) }
      const token = (await grants.outgoingPayment(sender, { limits })).grant.access_token.value
      const { payment: receiver } = await steps.receiver()

      const control = await steps.sendDirectPayment(receiver.id, 2n * unit, newMarker(), token)
      expect(control).toAnswer(
        201,
        'OP-FAILED',
        `positive control, a payment of ${2n * unit} under the same grant`,
      )
      // Positive control: sent (a payment still unsent once the settlement wait is over skips the check).
      await steps.untilSent(bodyOf(control, 'outgoing-payment').id, 'OP-FAILED', token)

      const huge = await steps.sendDirectPayment(receiver.id, BEYOND_ANY_BALANCE, newMarker(), token)
      if (huge.response.status !== 201) {
        expect(huge).toAnswer([400, 403], 'OP-FAILED', `a payment of ${BEYOND_ANY_BALANCE} is refused`)
        return
      }
      const { state, detail } = await steps.outcome(bodyOf(huge, 'outgoing-payment').id, token)
      expect(state, rule('OP-FAILED', `a payment of ${BEYOND_ANY_BALANCE} is not sent: ${detail}`)).not.toBe(
        'sent',
      )
      // Servers that wait for the account holder to fund a payment may hold it rather than fail it: from the
      // outside that is a payment not processed yet (a SHOULD), not one whose failure went unmarked.
      if (state === 'pending') {
        warn(
          'OP-PROCESS',
          `a payment of ${BEYOND_ANY_BALANCE} was neither sent nor marked failed within ` +
            `${SETTLEMENT_TIMEOUT_MS / 1000} s: ${detail}`,
        )
      }
    },
  )

  test(
    'get and list show the payment; an unknown id is not found',
    covers('OP-GET'),
    async ({ resources, discovery, sharedGrants, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n * unit })
      const created = await steps.pay(
        await steps.quote(receiver.id, { debitAmount: amountIn(sender, 2n * unit) }),
      )
      const token = await sharedGrants.token('outgoing-payment')

      const read = await resources.send(resourceCalls.getOutgoingPayment(created.id), token)
      expect(read).toAnswer(200, 'OP-GET#found', 'get the payment')
      const payment = bodyOf(read, 'outgoing-payment')
      const identity = (p: OutgoingPayment) => ({
        id: p.id,
        walletAddress: p.walletAddress,
        receiver: p.receiver,
        quoteId: p.quoteId,
        debitAmount: p.debitAmount,
        receiveAmount: p.receiveAmount,
        createdAt: Date.parse(p.createdAt),
      })
      expect(identity(payment), rule('OP-GET#found', 'get returns the payment as created')).toEqual(
        identity(created),
      )
      const listing = await steps.listsOutgoing(created.id)
      if (!listing.found && !listing.complete) {
        warn(
          'OP-GET#listed',
          `the list is too long to walk to its end: that it shows ${created.id} was not checked`,
        )
      } else {
        expect(listing.found, rule('OP-GET#listed', 'the list shows the payment')).toBe(true)
      }

      const unknown = await resources.send(
        resourceCalls.getOutgoingPayment(unknownId(sender, 'outgoing-payments')),
        token,
      )
      expect(unknown).toAnswer(404, 'OP-GET#unknown-404', 'an unknown id')
    },
  )
})
