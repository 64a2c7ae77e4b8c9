import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { isIncomingPaymentError } from '../../src/incoming-payments/errors.ts'
import { checkLedger } from '../../src/ledger/invariant.ts'
import { LimitViolation } from '../../src/outgoing-payment-grants/limits.ts'
import { OutgoingPaymentError } from '../../src/outgoing-payments/errors.ts'
import { settleNextPayments } from '../../src/payment-engine/settle.ts'
import { PricingError } from '../../src/quotes/pricing.ts'
import { createServices } from '../../src/services.ts'
import { databaseVariants } from '../support/helpers.ts'
import {
  noLimits,
  type PaymentServices,
  sleep,
  startPaymentServices,
  usd,
} from '../support/payment-services-fixture.ts'

/** The kind of a statement: its first word, lowercase. */
const statement = (sql: string) => sql.trim().split(/\s+/)[0]?.replace(/;$/, '').toLowerCase()

// Statements are counted because each is a round trip, and on PGlite the larger part of a request's CPU.
for (const variant of databaseVariants('payment-round-trips')) {
  describe(`round trips of a payment and its settlement (${variant.name})`, () => {
    let f: PaymentServices

    before(async () => {
      f = await startPaymentServices(variant)
    })

    after(() => f?.close())

    it('creates and settles a payment in as few round trips as its locks allow', async () => {
      const receiver = await f.incoming()
      const toReceiver = { incomingPaymentId: receiver.id, debitAmount: usd(1n) }
      f.created(await f.pay({ source: toReceiver }))
      // A receiver this server created is not read: one statement, a transaction of its own, inserts the payment
      // while the receiver takes it and adds it to the grant's totals, whose caps the database checks.
      const direct = await f.queriesOf(() => f.pay({ source: toReceiver }))
      f.created(direct.result)
      assert.equal(direct.sql.map(statement).join(' '), 'with')
      // Another process on the same database, which has not seen the receiver, reads it first (its sender known).
      const other = createServices({ db: f.db })
      const unknown = { incomingPaymentId: '00000000-0000-4000-8000-000000000000', debitAmount: usd(1n) }
      assert.equal(await f.pay({ source: unknown }, other), OutgoingPaymentError.UnknownReceiver)
      const unseen = await f.queriesOf(() => f.pay({ source: toReceiver }, other))
      f.created(unseen.result)
      assert.equal(unseen.sql.map(statement).join(' '), 'select with')
      // Paying a quote: the quote, its receiver and whether it was used are one read before the reservation.
      const q = await f.services.quotes.create({
        walletAddressName: 'alice',
        client: 'c',
        incomingPaymentId: receiver.id,
        debitAmount: usd(1n),
        receiveAmount: undefined,
      })
      assert.ok(typeof q === 'object')
      const quoted = await f.queriesOf(() => f.pay({ source: { quoteId: q.id } }))
      f.created(quoted.result)
      assert.equal(quoted.sql.map(statement).join(' '), 'select with')
      // A payment past a cap: the database refuses the statement, and a transaction names the limit.
      const limited = { id: 'grant-round-trips', limits: { ...noLimits, debitAmount: usd(1n) } }
      f.created(await f.pay({ grant: limited, source: toReceiver }))
      const refused = await f.queriesOf(() => f.pay({ grant: limited, source: toReceiver }))
      assert.equal(refused.result, LimitViolation.DebitAmount)
      assert.equal(refused.sql.map(statement).join(' '), 'with begin with rollback')
      // Settling: the claim, the receiver and the two balances locked, one statement for the ledger movements, the
      // receiver's receivedAmount and the payment's state.
      const settled = await f.queriesOf(() => settleNextPayments(f.db, 1))
      assert.equal(settled.result[0]?.outcome, 'completed')
      assert.equal(
        settled.sql.map(statement).join(' '),
        'begin select select select with update update commit',
      )
      assert.equal((await f.settleAll()).length, 4)
    })

    it('to a receiver this server created, answers from what it has received since, before any limit', async () => {
      const receiver = await f.incoming({ incomingAmount: usd(10n) })
      const toReceiver = (value: bigint) => ({ incomingPaymentId: receiver.id, debitAmount: usd(value) })
      await f.db('incoming_payments').where({ id: receiver.id }).update({ received_amount: '7' })
      // The reservation refuses the payment whole; the receiver, then read, decides.
      const over = await f.queriesOf(() => f.pay({ source: toReceiver(4n) }))
      assert.equal(over.result, PricingError.ExceedsRemaining)
      assert.equal(over.sql.map(statement).join(' '), 'with select')
      f.created(await f.pay({ source: toReceiver(3n) }))
      const limited = { id: 'grant-receiver-first', limits: { ...noLimits, debitAmount: usd(1n) } }
      f.created(await f.pay({ grant: limited, source: toReceiver(1n) }))
      await f.db('incoming_payments').where({ id: receiver.id }).update({ completed: true })
      assert.equal(await f.pay({ source: toReceiver(1n) }), OutgoingPaymentError.InvalidReceiver)
      // Past the grant's cap as well: the receiver is refused first, as when it is read first.
      assert.equal(
        await f.pay({ grant: limited, source: toReceiver(1n) }),
        OutgoingPaymentError.InvalidReceiver,
      )
      const payments = await f
        .db('outgoing_payments')
        .where({ incoming_payment_id: receiver.id })
        .select('debit_amount')
      assert.deepEqual(payments.map((row) => row.debit_amount).sort(), ['1', '3'])
      const spent = await f
        .db('outgoing_payment_grant_spent')
        .where({ grant_id: limited.id, side: 'debit' })
        .select('total')
      assert.deepEqual(
        spent.map((row) => row.total),
        ['1'],
      )
      // The two created fail when settled: their receiver completed meanwhile.
      assert.deepEqual(
        (await f.settleAll()).map((settlement) => settlement.outcome),
        ['failed', 'failed'],
      )
    })

    it('settles a batch in the round trips of one payment, each payment seeing those before it', async () => {
      const receiver = await f.incoming({ incomingAmount: usd(10n) })
      const balance = await f.balanceOf('alice')
      // Payments settle oldest first, and those of one millisecond (created_at's precision) in id order: each
      // waits for the next millisecond, so that they settle in the order made.
      const pay = async (debit: bigint) => {
        await sleep(2)
        return f.created(await f.pay({ source: { incomingPaymentId: receiver.id, debitAmount: usd(debit) } }))
          .payment.id
      }
      const [first, overpaying, last] = [await pay(6n), await pay(5n), await pay(4n)]
      const settled = await f.queriesOf(() => settleNextPayments(f.db, 3))
      assert.deepEqual(settled.result, [
        { paymentId: first, outcome: 'completed' },
        { paymentId: overpaying, outcome: 'failed', reason: 'receiver would be overpaid' },
        { paymentId: last, outcome: 'completed' },
      ])
      // The failed payment gives its grant's two totals back, one row at a time (see releaseSpent).
      assert.equal(
        settled.sql.map(statement).join(' '),
        'begin select select select with update update update update update commit',
      )
      const paid = await f.services.incomingPayments.get(receiver.id)
      assert.ok(!isIncomingPaymentError(paid))
      assert.deepEqual([paid.receivedAmount, paid.completed], [10n, true])
      assert.equal(await f.balanceOf('alice'), balance - 10n)
      assert.equal((await checkLedger(f.db)).balanced, true)
    })
  })
}
