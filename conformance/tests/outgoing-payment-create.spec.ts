import type { OutgoingPaymentWithSpentAmounts } from '@interledger/open-payments'
import { expectAmountIn } from '../checks/amount-checks.ts'
import { expectRefusedWithoutEffect } from '../checks/refusals.ts'
import {
  amountIn,
  bodyOf,
  covers,
  describeAmount,
  expect,
  expiryWaitSeconds,
  foreignAmount,
  msUntilServerPasses,
  newMarker,
  type RuleId,
  resourceCalls,
  rule,
  SHARED_DEBIT_UNITS,
  sameAsset,
  sentWithinDebit,
  settlementTestTimeoutMs,
  sleep,
  test,
  tooLongToWait,
  unknownId,
  waitsLong,
  warn,
} from '../fixtures/conformance-test.ts'

// The timeout the tests had before the file was split; the quote expiry test adds the quote's lifetime.
const PAYMENT_TEST_TIMEOUT_MS = settlementTestTimeoutMs(2)
test.describe.configure({ timeout: PAYMENT_TEST_TIMEOUT_MS })

test.describe('outgoing payments: create', () => {
  test(
    'an outgoing payment from a quote carries the quote amounts',
    covers('OP-CREATE-QUOTE'),
    async ({ resources, discovery, sharedGrants, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n * unit })
      let quote = await steps.quote(receiver.id, { debitAmount: amountIn(sender, 3n * unit) })

      const marker = newMarker()
      const token = await sharedGrants.token('outgoing-payment')
      const listing = resourceCalls.listOutgoingPayments(sender, 100)
      const exchange = await expectRefusedWithoutEffect(
        await steps.sendPayment(unknownId(sender, 'quotes'), marker),
        {
          rule: 'OP-CREATE-QUOTE',
          what: 'an unknown quoteId',
          statuses: [400, 404],
          tookEffect: () => resources.listed(listing, token, marker),
          // The grant, the refusal and the listing before it may have used up the quote's life at a target
          // answering seconds late (its 400 "expired" then said nothing of OP-CREATE-QUOTE).
          control: async () => {
            // The token first: a renewal with consent ages the quote too.
            const current = await sharedGrants.token('outgoing-payment')
            quote = await steps.unexpired(quote)
            return steps.sendPayment(quote.id, marker, current)
          },
          controlStatus: 201,
          controlWhat: 'paying the quote',
        },
      )
      const payment = bodyOf(exchange, 'outgoing-payment-with-spent-amounts')
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
    },
  )

  test(
    'an outgoing payment from an incoming payment and a debitAmount',
    covers('OP-CREATE-INCOMING'),
    async ({ resources, discovery, sharedGrants, paymentSteps: steps }) => {
      const { sender, receiver: receiverWallet, unit } = discovery
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n * unit })

      const marker = newMarker()
      const token = await sharedGrants.token('outgoing-payment')
      const foreign = foreignAmount(sender, 3n * unit)
      const listing = resourceCalls.listOutgoingPayments(sender, 100)
      const exchange = await expectRefusedWithoutEffect(
        await steps.sendDirectPayment(receiver.id, foreign, marker, token),
        {
          rule: 'OP-CREATE-INCOMING',
          what: `a debitAmount in ${describeAmount(foreign)}, not the sender's asset`,
          statuses: [400],
          tookEffect: () => resources.listed(listing, token, marker),
          control: () => steps.sendDirectPayment(receiver.id, 3n * unit, marker, token),
          controlStatus: 201,
          controlWhat: "paying the incoming payment with a debitAmount in the sender's asset",
        },
      )
      const payment = bodyOf(exchange, 'outgoing-payment-with-spent-amounts')
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
    },
  )

  test(
    'a quote pays one outgoing payment only',
    covers('OP-QUOTE-ONCE'),
    async ({ resources, discovery, sharedGrants, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n * unit })
      const quoteOfTwo = () => steps.quote(receiver.id, { debitAmount: amountIn(sender, 2n * unit) })
      const quote = await quoteOfTwo()
      // The quote paid: pay() quotes again when the one it was given has too little life left.
      // The first payment of a quote is OP-CREATE-QUOTE's: a refusal there is no second payment taken.
      const paid = (await steps.pay(quote)).quoteId ?? quote.id
      const [marker, token] = [newMarker(), await sharedGrants.token('outgoing-payment')]
      await expectRefusedWithoutEffect(await steps.sendPayment(paid, marker), {
        rule: 'OP-QUOTE-ONCE',
        what: 'a second payment from the quote',
        statuses: [400],
        tookEffect: () => resources.listed(resourceCalls.listOutgoingPayments(sender, 100), token, marker),
        control: async () => {
          const current = await sharedGrants.token('outgoing-payment')
          return steps.sendPayment((await quoteOfTwo()).id, marker, current)
        },
        controlStatus: 201,
        controlWhat: 'a payment from a fresh quote',
      })
    },
  )

  test(
    'an expired quote pays nothing',
    waitsLong(covers('OP-QUOTE-EXPIRY')),
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
      const listing = resourceCalls.listOutgoingPayments(sender, 100)
      await expectRefusedWithoutEffect(await steps.sendPayment(quote.id, marker, token), {
        rule: 'OP-QUOTE-EXPIRY',
        what: `the quote after ${quote.expiresAt}`,
        statuses: [400],
        tookEffect: () => resources.listed(listing, token, marker),
        control: async () => {
          const fresh = await steps.quote(receiver.id, { debitAmount: amountIn(sender, 2n * unit) })
          return steps.sendPayment(fresh.id, marker, token)
        },
        controlStatus: 201,
        controlWhat: 'a payment from a fresh quote to the same receiver',
      })
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
