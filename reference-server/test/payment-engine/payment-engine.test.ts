import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { isIncomingPaymentError } from '../../src/incoming-payments/errors.ts'
import { checkLedger } from '../../src/ledger/invariant.ts'
import { LimitViolation } from '../../src/outgoing-payment-grants/limits.ts'
import { OutgoingPaymentError } from '../../src/outgoing-payments/errors.ts'
import type { Settlement } from '../../src/payment-engine/settle.ts'
import { UINT64_MAX } from '../../src/shared/uint64.ts'
import { databaseVariants } from '../support/helpers.ts'
import {
  BASE,
  eur,
  noLimits,
  type PaymentServices,
  show,
  sleep,
  startPaymentServices,
  usd,
} from '../support/payment-services-fixture.ts'

/**
 * Settlements in payment id order: payments settle oldest first, and those made in one millisecond (created_at's
 * precision) in id order, so tests whose payments do not depend on each other compare them in that order.
 */
const byPaymentId = (settlements: Settlement[]) =>
  [...settlements].sort((a, b) => (a.paymentId < b.paymentId ? -1 : 1))

for (const variant of databaseVariants('payment-engine')) {
  describe(`outgoing payments, grant limits and settlement as services (${variant.name})`, () => {
    let f: PaymentServices

    before(async () => {
      f = await startPaymentServices(variant)
    })

    after(() => f?.close())

    describe('outgoing payments and settlement', () => {
      it('pays a quote once, settles it in one transaction and completes the receiver when full', async () => {
        const receiver = await f.incoming({ incomingAmount: usd(700n) })
        const [aliceBefore, bobBefore] = [await f.balanceOf('alice'), await f.balanceOf('bob')]
        const q = await f.services.quotes.create({
          walletAddressName: 'alice',
          client: 'c',
          incomingPaymentId: receiver.id,
          debitAmount: undefined,
          receiveAmount: undefined,
        })
        assert.ok(typeof q === 'object')
        const first = f.created(await f.pay({ source: { quoteId: q.id }, metadata: { order: 7 } }))
        assert.equal(first.payment.quoteId, q.id)
        assert.deepEqual(first.payment.sentAmount, usd(0n))
        assert.equal(await f.pay({ source: { quoteId: q.id } }), OutgoingPaymentError.QuoteUsed)

        assert.deepEqual(await f.settleAll(), [{ paymentId: first.payment.id, outcome: 'completed' }])
        assert.equal(await f.balanceOf('alice'), aliceBefore - 700n)
        assert.equal(await f.balanceOf('bob'), bobBefore + 700n)
        const paid = await f.services.incomingPayments.get(receiver.id)
        assert.ok(!isIncomingPaymentError(paid))
        assert.deepEqual([paid.receivedAmount, paid.completed], [700n, true])
        const sent = await f.services.outgoingPayments.get(first.payment.id)
        assert.ok(typeof sent === 'object')
        assert.deepEqual([sent.state, sent.sentAmount], ['completed', usd(700n)])
        assert.deepEqual(sent.metadata, { order: 7 })
        assert.equal(
          await f.pay({ source: { incomingPaymentId: receiver.id, debitAmount: usd(1n) } }),
          OutgoingPaymentError.InvalidReceiver,
        )
      })

      it('refuses unknown, foreign and expired quotes', async () => {
        const receiver = await f.incoming()
        assert.equal(await f.pay({ source: { quoteId: undefined } }), OutgoingPaymentError.UnknownQuote)
        assert.equal(
          await f.pay({ source: { quoteId: '00000000-0000-4000-8000-000000000000' } }),
          OutgoingPaymentError.UnknownQuote,
        )
        const q = await f.services.quotes.create({
          walletAddressName: 'alice',
          client: 'c',
          incomingPaymentId: receiver.id,
          debitAmount: usd(5n),
          receiveAmount: undefined,
        })
        assert.ok(typeof q === 'object')
        assert.equal(
          await f.pay({ walletAddressName: 'bob', source: { quoteId: q.id } }),
          OutgoingPaymentError.QuoteOfAnotherWallet,
        )
        await sleep(1100)
        assert.equal(await f.pay({ source: { quoteId: q.id } }), OutgoingPaymentError.QuoteExpired)
      })

      it('fails a payment that cannot finish and releases its reservation', async () => {
        const receiver = await f.incoming({ incomingAmount: usd(100n) })
        const limits = { ...noLimits, debitAmount: usd(150n) }
        const grant = { id: 'grant-release', limits }
        const first = f.created(
          await f.pay({ grant, source: { incomingPaymentId: receiver.id, debitAmount: usd(100n) } }),
        )
        const second = f.created(
          await f.pay({ grant, source: { incomingPaymentId: receiver.id, debitAmount: usd(50n) } }),
        )
        assert.deepEqual(second.grantSpentDebitAmount, usd(100n))
        assert.equal(
          await f.pay({ grant, source: { incomingPaymentId: receiver.id, debitAmount: usd(1n) } }),
          LimitViolation.DebitAmount,
        )
        const outcomes = await f.settleAll()
        assert.deepEqual(outcomes, [
          { paymentId: first.payment.id, outcome: 'completed' },
          { paymentId: second.payment.id, outcome: 'failed', reason: 'receiver completed' },
        ])
        const failed = await f.services.outgoingPayments.get(second.payment.id)
        assert.ok(typeof failed === 'object')
        assert.deepEqual([failed.state, failed.sentAmount.value], ['failed', 0n])
        const spent = await f.services.outgoingPaymentGrants.getSpent(grant.id, limits, new Date())
        assert.deepEqual(spent, { debit: usd(100n), receive: usd(100n) })
      })

      it("refuses a payment that would take a grant's spent amounts past 2^64-1, until the others fail", async () => {
        const receiver = await f.incoming()
        const grant = { id: 'grant-totals', limits: noLimits }
        const half = usd(2n ** 63n)
        f.created(await f.pay({ grant, source: { incomingPaymentId: receiver.id, debitAmount: half } }))
        assert.equal(
          await f.pay({ grant, source: { incomingPaymentId: receiver.id, debitAmount: half } }),
          LimitViolation.Totals,
        )
        await f.settleAll()
        const again = f.created(
          await f.pay({ grant, source: { incomingPaymentId: receiver.id, debitAmount: half } }),
        )
        assert.deepEqual(again.grantSpentDebitAmount, usd(0n))
        await f.settleAll()
      })

      it('fails on insufficient balance without moving money', async () => {
        const receiver = await f.incoming()
        const balance = await f.balanceOf('alice')
        const tooMuch = f.created(
          await f.pay({ source: { incomingPaymentId: receiver.id, debitAmount: usd(balance + 1n) } }),
        )
        assert.deepEqual(await f.settleAll(), [
          { paymentId: tooMuch.payment.id, outcome: 'failed', reason: 'insufficient balance' },
        ])
        assert.equal(await f.balanceOf('alice'), balance)
      })

      it('fails a payment that would take receivedAmount past uint64, and settles the next one', async () => {
        const receiver = await f.incoming()
        // Reaching the maximum through payments needs balances cycling beyond uint64; set it directly.
        await f
          .db('incoming_payments')
          .where({ id: receiver.id })
          .update({ received_amount: (UINT64_MAX - 5n).toString() })
        const balance = await f.balanceOf('alice')
        const overflow = f.created(
          await f.pay({ source: { incomingPaymentId: receiver.id, debitAmount: usd(10n) } }),
        )
        const next = f.created(
          await f.pay({ source: { incomingPaymentId: (await f.incoming()).id, debitAmount: usd(1n) } }),
        )
        assert.deepEqual(
          byPaymentId(await f.settleAll()),
          byPaymentId([
            { paymentId: overflow.payment.id, outcome: 'failed', reason: 'receivedAmount would overflow' },
            { paymentId: next.payment.id, outcome: 'completed' },
          ]),
        )
        assert.equal(await f.balanceOf('alice'), balance - 1n)
      })

      it('fails a payment whose settlement throws, without moving money, and settles the next one', async () => {
        // A trigger makes the database refuse this one settlement, as an unforeseen error would.
        await f.db.raw(`
          create function refuse_thirteen() returns trigger language plpgsql as $$
          begin
            if new.amount = 13 then raise exception 'refused by the test'; end if;
            return new;
          end $$`)
        await f.db.raw(
          'create trigger refuse_thirteen before insert on ledger_movements for each row execute function refuse_thirteen()',
        )
        try {
          const balance = await f.balanceOf('alice')
          const broken = f.created(
            await f.pay({ source: { incomingPaymentId: (await f.incoming()).id, debitAmount: usd(13n) } }),
          )
          const next = f.created(
            await f.pay({ source: { incomingPaymentId: (await f.incoming()).id, debitAmount: usd(2n) } }),
          )
          // A Map: deepEqual compares its entries in any order (see byPaymentId).
          const outcomes = new Map(
            (await f.settleAll()).map((s) => [s.paymentId, s.outcome === 'failed' ? s.reason : s.outcome]),
          )
          assert.deepEqual(
            outcomes,
            new Map([
              [broken.payment.id, 'settlement error'],
              [next.payment.id, 'completed'],
            ]),
          )
          assert.equal(await f.balanceOf('alice'), balance - 2n)
          assert.equal((await checkLedger(f.db)).balanced, true)
        } finally {
          await f.db.raw('drop trigger refuse_thirteen on ledger_movements')
          await f.db.raw('drop function refuse_thirteen()')
        }
      })

      it('enforces receiver, receiveAmount and interval limits', async () => {
        const receiver = await f.incoming()
        const other = await f.incoming()
        const url = `${BASE}/incoming-payments/${receiver.id}`
        const receiverGrant = { id: 'grant-receiver', limits: { ...noLimits, receiver: url } }
        assert.equal(
          typeof (await f.pay({
            grant: receiverGrant,
            source: { incomingPaymentId: receiver.id, debitAmount: usd(1n) },
          })),
          'object',
        )
        assert.equal(
          await f.pay({
            grant: receiverGrant,
            source: { incomingPaymentId: other.id, debitAmount: usd(1n) },
          }),
          LimitViolation.Receiver,
        )
        const receiveGrant = { id: 'grant-receive', limits: { ...noLimits, receiveAmount: usd(10n) } }
        f.created(
          await f.pay({
            grant: receiveGrant,
            source: { incomingPaymentId: receiver.id, debitAmount: usd(10n) },
          }),
        )
        assert.equal(
          await f.pay({
            grant: receiveGrant,
            source: { incomingPaymentId: receiver.id, debitAmount: usd(1n) },
          }),
          LimitViolation.ReceiveAmount,
        )
        const start = new Date(Date.now() - 100).toISOString()
        const intervalLimits = { ...noLimits, debitAmount: usd(10n), interval: `R/${start}/PT1S` }
        const intervalGrant = { id: 'grant-interval', limits: intervalLimits }
        const intervalPay = () =>
          f.pay({ grant: intervalGrant, source: { incomingPaymentId: receiver.id, debitAmount: usd(10n) } })
        f.created(await intervalPay())
        assert.equal(await intervalPay(), LimitViolation.DebitAmount)
        await sleep(1000)
        const fresh = f.created(await intervalPay())
        assert.deepEqual(fresh.grantSpentDebitAmount, usd(0n))
        const ended = { id: 'grant-ended', limits: { ...noLimits, interval: `R0/2020-01-01T00:00:00Z/PT1S` } }
        assert.equal(
          await f.pay({ grant: ended, source: { incomingPaymentId: receiver.id, debitAmount: usd(1n) } }),
          LimitViolation.Interval,
        )
        await f.settleAll()
      })

      it('settles across assets through the exchange, and the ledger stays balanced', async () => {
        const euros = await f.incoming({ walletAddressName: 'carol' })
        const carolBefore = await f.balanceOf('carol')
        assert.equal(carolBefore, UINT64_MAX)
        // Carol holds the maximum: crediting her would overflow, so the payment fails.
        const overflow = f.created(
          await f.pay({ source: { incomingPaymentId: euros.id, debitAmount: usd(100n) } }),
        )
        assert.deepEqual(await f.settleAll(), [
          { paymentId: overflow.payment.id, outcome: 'failed', reason: 'receiver balance would overflow' },
        ])
        const dollars = await f.incoming({ walletAddressName: 'alice' })
        const fromCarol = f.created(
          await f.pay({
            walletAddressName: 'carol',
            source: { incomingPaymentId: dollars.id, debitAmount: eur(UINT64_MAX / 2n) },
          }),
        )
        assert.deepEqual(fromCarol.payment.receiveAmount.assetCode, 'USD')
        assert.deepEqual(await f.settleAll(), [{ paymentId: fromCarol.payment.id, outcome: 'completed' }])
        assert.equal(await f.balanceOf('carol'), UINT64_MAX - UINT64_MAX / 2n)
        const ledger = await checkLedger(f.db)
        assert.equal(ledger.balanced, true, show(ledger))
        assert.deepEqual(ledger.walletsOutOfStep, [])
        assert.deepEqual(ledger.grantsOutOfStep, [])
        const euro = ledger.assets.find((asset) => asset.assetCode === 'EUR')
        assert.equal(euro?.exchangeNet, UINT64_MAX / 2n)
      })
    })
  })
}
