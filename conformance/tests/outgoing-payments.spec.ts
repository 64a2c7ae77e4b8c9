import type {
  OutgoingPayment,
  OutgoingPaymentWithSpentAmounts,
  WalletAddress,
} from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { amountIn } from '../discovery/discovery.ts'
import { expect, test } from '../fixtures/conformance-test.ts'
import { SHARED_DEBIT_LIMIT } from '../fixtures/shared-grants.ts'
import { summarize } from '../http/format-exchange.ts'
import { describeAmount, expectAmountIn, sameAsset, sentWithinDebit } from '../resources/amount-checks.ts'
import { foreignAmount, paymentCalls } from '../resources/payment-calls.ts'
import { PaymentSteps, SETTLEMENT_TIMEOUT_MS } from '../resources/payment-steps.ts'
import { resourceCalls } from '../resources/resource-calls.ts'
import { newMarker, type Resources } from '../resources/resources.ts'
import { msUntilServerPasses, sleep } from '../resources/server-time.ts'
import { covers, rule } from '../rules/covers.ts'
import { warn } from '../rules/warn.ts'

/** More than any test account holds, well inside uint64: a payment of it cannot be processed. */
const BEYOND_ANY_BALANCE = 2n ** 62n

/** The longest quote lifetime the suite waits out to see an expired quote refused. */
const MAX_QUOTE_WAIT_MS = 30_000

// Settlement is polled for up to SETTLEMENT_TIMEOUT_MS, and one test waits out a quote's lifetime.
test.describe.configure({ timeout: 2 * SETTLEMENT_TIMEOUT_MS + MAX_QUOTE_WAIT_MS })

/** A refused creation, and the list shows it created nothing. */
async function expectNothingCreated(
  ruleId: string,
  resources: Resources,
  exchange: Exchange,
  statuses: number[],
  what: string,
  context: { sender: WalletAddress; token: string; marker: string },
): Promise<void> {
  expect(
    statuses,
    rule(ruleId, `${what} is refused with ${statuses.join(' or ')}: ${summarize(exchange)}`),
  ).toContain(exchange.response.status)
  const list = resourceCalls.listOutgoingPayments(context.sender, 100)
  expect(
    await resources.listed(list, context.token, context.marker),
    rule(ruleId, `${what} created no outgoing payment`),
  ).toBe(false)
}

test.describe('outgoing payments', () => {
  test(
    'an outgoing payment from a quote carries the quote amounts',
    covers('OP-CREATE-QUOTE'),
    async ({ resources, discovery, sharedGrants }) => {
      const { sender } = discovery
      const steps = new PaymentSteps(resources, discovery, sharedGrants)
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n })
      const quote = await steps.quote(receiver.id, { debitAmount: amountIn(sender, 3n) })

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
      expectGrantSpentAmounts('OP-CREATE-QUOTE', payment)

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
    async ({ resources, discovery, sharedGrants }) => {
      const { sender, receiver: receiverWallet } = discovery
      const steps = new PaymentSteps(resources, discovery, sharedGrants)
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n })

      const exchange = await steps.sendDirectPayment(receiver.id, 3n)
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
      ).toEqual({ walletAddress: sender.id, receiver: receiver.id, debitAmount: amountIn(sender, 3n) })
      expectAmountIn('OP-CREATE-INCOMING', payment.receiveAmount, receiverWallet, 'receiveAmount')
      expectGrantSpentAmounts('OP-CREATE-INCOMING', payment)

      const marker = newMarker()
      const token = await sharedGrants.token('outgoing-payment')
      const foreign = foreignAmount(sender, 3n)
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
    async ({ resources, discovery, sharedGrants }) => {
      const { sender } = discovery
      const steps = new PaymentSteps(resources, discovery, sharedGrants)
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n })
      const quote = await steps.quote(receiver.id, { debitAmount: amountIn(sender, 2n) })
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
    async ({ resources, discovery, sharedGrants }) => {
      const { sender } = discovery
      const steps = new PaymentSteps(resources, discovery, sharedGrants)
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n })
      const quote = await steps.quote(receiver.id, { debitAmount: amountIn(sender, 2n) })
      const receivedAt = Date.now()
      test.skip(!quote.expiresAt, 'the quote has no expiresAt to wait for (QT-CREATE reports it)')
      const lifetime = Date.parse(quote.expiresAt!) - Date.parse(quote.createdAt)
      test.skip(
        lifetime > MAX_QUOTE_WAIT_MS,
        `the target's quotes live ${Math.round(lifetime / 1000)} s; the suite waits at most ` +
          `${MAX_QUOTE_WAIT_MS / 1000} s for one to expire`,
      )

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

      const fresh = await steps.quote(receiver.id, { debitAmount: amountIn(sender, 2n) })
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

  test(
    'a payment settles: sentAmount reaches its amount and the receiver receives it once',
    covers('OP-SETTLE'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver: receiverWallet } = discovery
      const steps = new PaymentSteps(resources, discovery, sharedGrants)
      const { payment: receiver } = await steps.receiver({ incomingValue: 5n })
      const quote = await steps.quote(receiver.id, { receiveAmount: amountIn(receiverWallet, 5n) })
      const created = await steps.pay(quote)
      expect(
        sentWithinDebit(created),
        rule('OP-SETTLE', `sentAmount ${describeAmount(created.sentAmount)} starts within debitAmount`),
      ).toBe(true)

      const sent = await steps.untilSent(created.id)
      expect(sent.failed, rule('OP-SETTLE', 'the settled payment has not failed')).not.toBe(true)
      await steps.untilReceived(receiver.id, BigInt(quote.receiveAmount.value), 'OP-SETTLE')

      // A second settlement of the same payment would show by now.
      await sleep(1000)
      const after = await steps.readIncoming(receiver.id)
      expect(
        after.receivedAmount.value,
        rule('OP-SETTLE', 'the receiver got receiveAmount once, not more'),
      ).toBe(quote.receiveAmount.value)
      const again = await resources.send(
        resourceCalls.getOutgoingPayment(created.id),
        await sharedGrants.token('outgoing-payment'),
      )
      expect(
        (again.response.json as OutgoingPayment | undefined)?.sentAmount,
        rule('OP-SETTLE', `sentAmount stays where it settled: ${summarize(again)}`),
      ).toEqual(sent.sentAmount)
    },
  )

  test(
    'a payment the sender cannot cover fails, or is refused',
    covers('OP-FAILED'),
    async ({ grants, resources, discovery, sharedGrants }) => {
      const { sender } = discovery
      const steps = new PaymentSteps(resources, discovery, sharedGrants)
      // A grant of its own whose limit lets the payment through: only the sender's balance stands in its way.
      const limits = { debitAmount: amountIn(sender, 2n * BEYOND_ANY_BALANCE) }
      const token = (await grants.outgoingPayment(sender, { limits })).grant.access_token.value
      const { payment: receiver } = await steps.receiver()

      const control = await steps.sendDirectPayment(receiver.id, 2n, newMarker(), token)
      expect(
        control.response.status,
        rule('OP-FAILED', `positive control, a payment of 2 under the same grant: ${summarize(control)}`),
      ).toBe(201)
      const settled = await steps.outcome((control.response.json as OutgoingPayment).id, token)
      expect(settled.state, rule('OP-FAILED', `the payment of 2 is sent: ${settled.detail}`)).toBe('sent')

      const huge = await steps.sendDirectPayment(receiver.id, BEYOND_ANY_BALANCE, newMarker(), token)
      if (huge.response.status !== 201) {
        expect(
          [400, 403],
          rule('OP-FAILED', `a payment of ${BEYOND_ANY_BALANCE} is refused: ${summarize(huge)}`),
        ).toContain(huge.response.status)
        return
      }
      const { state, detail } = await steps.outcome((huge.response.json as OutgoingPayment).id, token)
      expect(state, rule('OP-FAILED', `a payment of ${BEYOND_ANY_BALANCE} is not sent: ${detail}`)).not.toBe(
        'sent',
      )
      // Servers that wait for the account holder to fund a payment may hold it rather than fail it.
      if (state === 'pending') {
        warn(
          'OP-FAILED',
          `a payment of ${BEYOND_ANY_BALANCE} was neither sent nor marked failed within ` +
            `${SETTLEMENT_TIMEOUT_MS / 1000} s: ${detail}`,
        )
      }
    },
  )

  test(
    'get and list show the payment; an unknown id is not found',
    covers('OP-GET'),
    async ({ resources, discovery, sharedGrants }) => {
      const { sender } = discovery
      const steps = new PaymentSteps(resources, discovery, sharedGrants)
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n })
      const created = await steps.pay(await steps.quote(receiver.id, { debitAmount: amountIn(sender, 2n) }))
      const token = await sharedGrants.token('outgoing-payment')

      const read = await resources.send(resourceCalls.getOutgoingPayment(created.id), token)
      expect(read.response.status, rule('OP-GET', `get the payment: ${summarize(read)}`)).toBe(200)
      const payment = read.response.json as OutgoingPayment
      const identity = (p: OutgoingPayment) => ({
        id: p.id,
        walletAddress: p.walletAddress,
        receiver: p.receiver,
        quoteId: p.quoteId,
        debitAmount: p.debitAmount,
        receiveAmount: p.receiveAmount,
        createdAt: Date.parse(p.createdAt),
      })
      expect(identity(payment), rule('OP-GET', 'get returns the payment as created')).toEqual(
        identity(created),
      )
      expect(await steps.listsOutgoing(created.id), rule('OP-GET', 'the list shows the payment')).toBe(true)

      const unknown = await resources.send(
        resourceCalls.getOutgoingPayment(paymentCalls.unknownId(sender, 'outgoing-payments')),
        token,
      )
      expect(unknown.response.status, rule('OP-GET', `an unknown id: ${summarize(unknown)}`)).toBe(404)
    },
  )
})

/** Optional on creation; when given, each is in the asset of the amount it totals, within the grant's limit. */
function expectGrantSpentAmounts(ruleId: string, payment: OutgoingPaymentWithSpentAmounts): void {
  const { grantSpentDebitAmount: debit, grantSpentReceiveAmount: receive } = payment
  if (debit) {
    expect(
      sameAsset(debit, payment.debitAmount) && BigInt(debit.value) <= SHARED_DEBIT_LIMIT,
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
