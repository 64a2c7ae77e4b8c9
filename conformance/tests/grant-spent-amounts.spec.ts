import type { OutgoingPaymentWithSpentAmounts } from '@interledger/open-payments'
import { LimitedPayments } from '../checks/limited-payments.ts'
import { expectSpentAmounts, expectSpentBefore, NOTHING, totalsOf } from '../checks/spent-amounts.ts'
import {
  amountIn,
  covers,
  IntervalClock,
  limitInterval,
  SETTINGS,
  settlementTestTimeoutMs,
  skipUnchecked,
  test,
  waitsLong,
} from '../fixtures/conformance-test.ts'

// Small amounts, in units of `discovery.unit`: the sender's balance is finite and every worker pays from it.
const LIMIT = 50n
// Boundary crossings the interval test tolerates before it gives up.
const INTERVAL_RETRIES = 2

test.describe('grant spent amounts: what a grant has spent', () => {
  test(
    "a new grant has spent nothing, then the sum of its own settled payments, never another grant's",
    covers('GSA-GET', 'GSA-CREATE'),
    async ({ grants, resources, discovery, paymentSteps }) => {
      // Two payments settle one after the other, each in as long as the target declares.
      test.setTimeout(settlementTestTimeoutMs(2))
      const { sender, receiver: receiverAddress, unit } = discovery
      const assets = { debit: sender, receive: receiverAddress }
      const limit = LIMIT * unit
      const payments = await LimitedPayments.obtain(
        { grants, resources, discovery, paymentSteps },
        { debitAmount: amountIn(sender, limit) },
      )
      const receiver = (await payments.receiver()).id

      // Spending under another grant of the same client and wallet address (steps pay under the worker's
      // shared grant) must not show under this one.
      await payments.steps.pay(await payments.quote(receiver, { debit: unit }))
      expectSpentAmounts(
        'GSA-GET#totals',
        await payments.spent('GSA-GET', 'the spent amounts of a grant with no payments'),
        NOTHING,
        assets,
        'a grant with no payments (another grant has paid)',
      )

      const paid: OutgoingPaymentWithSpentAmounts[] = []
      for (const value of [5n * unit, 7n * unit]) {
        const payment = payments.expectPaid(
          await payments.pay(await payments.quote(receiver, { debit: value })),
          'GSA-GET',
          `a payment of ${value} under a debitAmount limit of ${limit}`,
        )
        expectSpentBefore(
          'GSA-CREATE#before-payment',
          payment,
          totalsOf(paid),
          `payment ${paid.length + 1} of the grant`,
        )
        paid.push(payment)
        await payments.untilSent(payment.id, 'GSA-GET')
        expectSpentAmounts(
          'GSA-GET#totals',
          await payments.spent('GSA-GET', `the spent amounts after ${paid.length} settled payment(s)`),
          totalsOf(paid),
          assets,
          `after ${paid.length} settled payment(s) of the grant`,
        )
      }

      await payments.expectNotPaid(
        await payments.pay(await payments.quote(receiver, { debit: limit })),
        'LIM-AMOUNT',
        `a payment of ${limit} once ${totalsOf(paid).debit} of the limit ${limit} is spent`,
      )
      expectSpentAmounts(
        'GSA-GET#totals',
        await payments.spent('GSA-GET', 'the spent amounts after a refused payment'),
        totalsOf(paid),
        assets,
        'a refused payment adds nothing',
      )
    },
  )

  test(
    'with an interval, the spent amounts are those of the current interval',
    waitsLong(covers('GSA-GET', 'GSA-CREATE')),
    async ({ grants, resources, discovery, paymentSteps }) => {
      const { sender, receiver: receiverAddress, unit } = discovery
      const assets = { debit: sender, receive: receiverAddress }
      const interval = limitInterval()
      // Each attempt may wait for a fresh interval and for its payment to settle, until the last one skips.
      const attemptsBeforeSkip = 2 + INTERVAL_RETRIES
      test.setTimeout(settlementTestTimeoutMs(attemptsBeforeSkip) + attemptsBeforeSkip * interval.durationMs)
      const payments = await LimitedPayments.obtain(
        { grants, resources, discovery, paymentSteps },
        { debitAmount: amountIn(sender, LIMIT * unit), interval: interval.value },
      )
      const receiver = (await payments.receiver()).id
      const clock = await IntervalClock.start(interval, async () =>
        Date.parse((await payments.receiver()).createdAt),
      )

      // The last interval a payment or a reading touched: every later one has nothing spent.
      let touched: number | undefined
      let attempts = 0
      for (const value of [3n * unit, 4n * unit]) {
        for (;;) {
          attempts++
          // A slow target is not a wrong one: without a clean reading there is nothing to judge.
          if (attempts > attemptsBeforeSkip)
            skipUnchecked(
              ['GSA-GET'],
              `payments did not settle and read back within one ${interval.durationMs / 1000} s interval, ${INTERVAL_RETRIES + 1} times: the target settles too slowly for this check; a ${SETTINGS.grantInterval} longer than a payment takes to settle completes it`,
            )
          const quote = await payments.quote(receiver, { debit: value })
          const index = await clock.freshInterval(interval.durationMs / 2, touched)
          const what = `in interval ${index}${touched === undefined ? '' : `, after payments in interval ${touched}`}`
          // Only a reading after an interval in which the grant paid shows that a new interval starts at nothing.
          const fresh = touched === undefined ? 'GSA-GET#totals' : 'GSA-GET#interval'
          expectSpentAmounts(
            fresh,
            await payments.spent('GSA-GET', `the spent amounts ${what}`),
            NOTHING,
            assets,
            `${what}, before any payment in it`,
          )
          const payment = payments.expectPaid(
            await payments.pay(quote),
            'GSA-GET',
            `a payment of ${value} ${what}`,
          )
          expectSpentBefore(
            touched === undefined ? 'GSA-CREATE#before-payment' : 'GSA-CREATE#interval',
            payment,
            NOTHING,
            `the first payment ${what}`,
          )
          await payments.untilSent(payment.id, 'GSA-GET')
          const spent = await payments.spent('GSA-GET', `the spent amounts ${what}, after a payment`)
          touched = Math.max(clock.indexAt(Date.parse(payment.createdAt)), await clock.currentIndex())
          // Crossing into the next interval while the payment settled leaves the reading ambiguous: try again.
          if (touched !== index) continue
          expectSpentAmounts(
            fresh,
            spent,
            totalsOf([payment]),
            assets,
            `${what}, after a settled payment of ${value}`,
          )
          break
        }
      }
    },
  )
})
