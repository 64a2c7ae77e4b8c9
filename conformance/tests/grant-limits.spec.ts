import type { OutgoingPaymentWithSpentAmounts } from '@interledger/open-payments'
import { LimitedPayments, type QuotedAmount } from '../checks/limited-payments.ts'
import {
  amountIn,
  covers,
  expect,
  IntervalClock,
  limitInterval,
  rule,
  SETTINGS,
  skipUnchecked,
  test,
  waitsLong,
} from '../fixtures/conformance-test.ts'

// Small amounts, in units of `discovery.unit` (the smallest the target lets the suite move): the sender's
// balance is finite and every worker pays from it.
const LIMIT = 30n
const FIRST = 20n
// Four payments of 4 units at once under a limit of 10 units: exactly two fit, in any order.
const CONCURRENT_LIMIT = 10n
const CONCURRENT_VALUE = 4n
const CONCURRENT_PAYMENTS = 4
// Boundary crossings the interval test tolerates before it gives up (each costs one interval's limit).
const INTERVAL_ATTEMPTS = 3

test.describe('grant limits: payments under a grant stay within its limits', () => {
  for (const side of ['debit', 'receive'] as const) {
    const limitKey = side === 'debit' ? 'debitAmount' : 'receiveAmount'
    const amount = (value: bigint): QuotedAmount => (side === 'debit' ? { debit: value } : { receive: value })

    test(
      `a ${limitKey} limit admits payments up to exactly the limit and refuses beyond it`,
      covers('LIM-AMOUNT'),
      async ({ grants, resources, discovery, paymentSteps }) => {
        const walletAddress = side === 'debit' ? discovery.sender : discovery.receiver
        const [limit, first, unit] = [LIMIT * discovery.unit, FIRST * discovery.unit, discovery.unit]
        const fixtures = { grants, resources, discovery, paymentSteps }
        const payments = await LimitedPayments.obtain(fixtures, {
          [limitKey]: amountIn(walletAddress, limit),
        })
        const receiver = (await payments.receiver()).id
        const spentOf = (payment: OutgoingPaymentWithSpentAmounts) => BigInt(payment[limitKey].value)

        await payments.expectNotPaid(
          await payments.payQuoted(receiver, amount(limit + unit)),
          'LIM-AMOUNT',
          `one payment of ${limit + unit} under a ${limitKey} limit of ${limit}`,
        )
        const paid = payments.expectPaid(
          await payments.payQuoted(receiver, amount(first)),
          'LIM-AMOUNT',
          `a payment of ${first} under a ${limitKey} limit of ${limit}`,
        )
        // The rest is worked out from what the target made of the first: a fee could change its amounts.
        const rest = limit - spentOf(paid)
        expect(
          rest,
          rule('LIM-AMOUNT', `the first payment's ${limitKey} is within the limit`),
        ).toBeGreaterThan(0n)
        const second = payments.expectPaid(
          await payments.payQuoted(receiver, amount(rest)),
          'LIM-AMOUNT',
          `a payment of ${rest} that brings the ${limitKey} total to exactly the limit ${limit}`,
        )
        expect(
          spentOf(paid) + spentOf(second),
          rule('LIM-AMOUNT', `the two payments' ${limitKey} add up to the limit`),
        ).toBe(limit)
        await payments.expectNotPaid(
          await payments.payQuoted(receiver, amount(unit)),
          'LIM-AMOUNT',
          `a payment of ${unit} once the ${limitKey} limit of ${limit} is used up`,
        )
      },
    )
  }

  test(
    'payments sent at the same time cannot together exceed a debitAmount limit',
    covers('LIM-AMOUNT'),
    async ({ grants, resources, discovery, paymentSteps }) => {
      const [limit, value] = [CONCURRENT_LIMIT * discovery.unit, CONCURRENT_VALUE * discovery.unit]
      const payments = await LimitedPayments.obtain(
        { grants, resources, discovery, paymentSteps },
        { debitAmount: amountIn(discovery.sender, limit) },
      )
      const receiver = (await payments.receiver()).id
      const quotes = []
      for (let i = 0; i < CONCURRENT_PAYMENTS; i++) {
        quotes.push(await payments.quote(receiver, { debit: value }))
      }
      const attempts = await Promise.all(quotes.map((quote) => payments.pay(quote)))

      // Whatever order the target takes them in, exactly this many fit: any more would exceed the limit.
      const fitting = Number(CONCURRENT_LIMIT / CONCURRENT_VALUE)
      const created = attempts.filter((attempt) => attempt.exchange.response.status === 201)
      expect(
        created.length,
        rule(
          'LIM-AMOUNT',
          `${CONCURRENT_PAYMENTS} simultaneous payments of ${value} under a debitAmount limit of ` +
            `${limit}: ${fitting} are created (got ${attempts.map((a) => a.exchange.response.status).join(', ')})`,
        ),
      ).toBe(fitting)
      for (const attempt of attempts.filter((a) => a.exchange.response.status !== 201)) {
        await payments.expectNotPaid(
          attempt,
          'LIM-AMOUNT',
          `a simultaneous payment of ${value} beyond the limit ${limit}`,
        )
      }
    },
  )

  test(
    'a receiver limit refuses payments to any other incoming payment',
    covers('LIM-RECEIVER'),
    async ({ grants, resources, discovery, paymentSteps }) => {
      // The receivers come first: the grant names one of them.
      const named = (await paymentSteps.receiver()).payment.id
      const other = (await paymentSteps.receiver()).payment.id
      const payments = await LimitedPayments.obtain(
        { grants, resources, discovery, paymentSteps },
        { receiver: named },
      )

      // Quotes are not under the outgoing-payment grant: the limit bites when the payment is created.
      const debit = 2n * discovery.unit
      await payments.expectNotPaid(
        await payments.payQuoted(other, { debit }),
        'LIM-RECEIVER',
        `a payment from a quote for ${other}, under a grant limited to ${named}`,
      )
      await payments.expectNotPaid(
        await payments.pay({ incomingPayment: other, debit }),
        'LIM-RECEIVER',
        `a payment to ${other} from incomingPayment and debitAmount, under a grant limited to ${named}`,
      )
      payments.expectPaid(
        await payments.payQuoted(named, { debit }),
        'LIM-RECEIVER',
        `positive control, a payment to the named receiver ${named}`,
      )
    },
  )

  test(
    'with an interval the limit applies per interval and the next interval starts fresh',
    waitsLong(covers('LIM-INTERVAL')),
    async ({ grants, resources, discovery, paymentSteps }) => {
      const interval = limitInterval()
      // Each attempt may wait for a fresh interval, and the last check for the next one: time the interval's
      // length decides, which follows the target's answer time (limitInterval).
      test.setTimeout(test.info().timeout + (INTERVAL_ATTEMPTS + 2) * interval.durationMs)
      const [limit, unit] = [LIMIT * discovery.unit, discovery.unit]
      const payments = await LimitedPayments.obtain(
        { grants, resources, discovery, paymentSteps },
        { debitAmount: amountIn(discovery.sender, limit), interval: interval.value },
      )
      const receiver = (await payments.receiver()).id
      const clock = await IntervalClock.start(interval, async () =>
        Date.parse((await payments.receiver()).createdAt),
      )

      // The last interval an attempt touched: a retry starts in a later one, with nothing spent in it.
      let touched: number | undefined
      let filled: number | undefined
      for (let attempt = 1; filled === undefined; attempt++) {
        // A slow target is not a wrong one: without a clean reading there is nothing to judge.
        if (attempt > INTERVAL_ATTEMPTS)
          skipUnchecked(
            ['LIM-INTERVAL'],
            `the target's answers straddled an interval boundary ${INTERVAL_ATTEMPTS} times: two payment requests did not fit in half of a ${interval.durationMs / 1000} s interval; a longer ${SETTINGS.grantInterval} completes this check`,
          )
        // Quotes first: the timed part is two payment requests and a clock reading.
        const fill = await payments.quote(receiver, { debit: limit })
        const extra = await payments.quote(receiver, { debit: unit })
        const index = await clock.freshInterval(interval.durationMs / 2, touched)
        const full = payments.expectPaid(
          await payments.pay(fill),
          'LIM-INTERVAL#per-interval',
          `a payment of the whole limit ${limit} in a fresh interval (${interval.value})`,
        )
        const over = await payments.pay(extra)
        touched = Math.max(clock.indexAt(Date.parse(full.createdAt)), await clock.currentIndex())
        // A boundary crossed between the two payments makes the second one legitimately fresh: try again.
        if (touched !== index) continue
        await payments.expectNotPaid(
          over,
          'LIM-INTERVAL#per-interval',
          `a payment of ${unit} in the interval whose limit ${limit} is used up (${interval.value})`,
        )
        filled = index
      }

      const fresh = await payments.quote(receiver, { debit: limit })
      const next = await clock.after(filled)
      payments.expectPaid(
        await payments.pay(fresh),
        'LIM-INTERVAL#fresh',
        `a payment of the whole limit ${limit} in interval ${next}, after the limit was used up in interval ${filled}`,
      )
    },
  )
})
