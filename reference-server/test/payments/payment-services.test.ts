import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { IncomingPaymentError, isIncomingPaymentError } from '../../src/incoming-payments/errors.ts'
import { QuoteError } from '../../src/quotes/errors.ts'
import { PricingError } from '../../src/quotes/pricing.ts'
import { createServices, type Services } from '../../src/services.ts'
import type { PageRequest } from '../../src/shared/pagination.ts'
import { UINT64_MAX } from '../../src/shared/uint64.ts'
import { databaseVariants } from '../support/helpers.ts'
import {
  eur,
  type PaymentServices,
  show,
  sleep,
  startPaymentServices,
  usd,
} from '../support/payment-services-fixture.ts'

for (const variant of databaseVariants('payment-services')) {
  describe(`incoming payments, quotes and lists as services (${variant.name})`, () => {
    let f: PaymentServices

    before(async () => {
      f = await startPaymentServices(variant)
    })

    after(() => f?.close())

    describe('incoming payments', () => {
      it('creates one in the wallet asset, keeping amounts above 2^53 exact', async () => {
        const payment = await f.incoming({ incomingAmount: usd(UINT64_MAX), metadata: { ref: 'x', n: [1] } })
        assert.equal(payment.incomingAmount, UINT64_MAX)
        assert.equal(payment.receivedAmount, 0n)
        assert.deepEqual(payment.metadata, { ref: 'x', n: [1] })
        assert.match(payment.sharedSecret, /^[A-Za-z0-9_-]{43}$/)
        const read = await f.services.incomingPayments.get(payment.id)
        assert.ok(!isIncomingPaymentError(read))
        assert.equal(read.incomingAmount, UINT64_MAX)
      })

      it('rejects another asset, a past expiry and an unknown wallet address', async () => {
        const base = {
          walletAddressName: 'bob',
          client: 'c',
          incomingAmount: undefined,
          expiresAt: undefined,
          metadata: undefined,
        }
        const create = f.services.incomingPayments.create
        assert.equal(await create({ ...base, incomingAmount: eur(5n) }), IncomingPaymentError.InvalidAmount)
        assert.equal(
          await create({ ...base, incomingAmount: { value: 5n, assetCode: 'USD', assetScale: 3 } }),
          IncomingPaymentError.InvalidAmount,
        )
        assert.equal(
          await create({ ...base, expiresAt: new Date(Date.now() - 1) }),
          IncomingPaymentError.InvalidExpiry,
        )
        assert.equal(
          await create({ ...base, walletAddressName: 'nobody' }),
          IncomingPaymentError.UnknownWalletAddress,
        )
      })

      it('completes once; a second completion, an expired payment or an unknown id is refused', async () => {
        const payment = await f.incoming()
        const completed = await f.services.incomingPayments.complete(payment.id)
        assert.ok(!isIncomingPaymentError(completed))
        assert.equal(completed.completed, true)
        assert.equal(
          await f.services.incomingPayments.complete(payment.id),
          IncomingPaymentError.AlreadyCompleted,
        )
        const expiring = await f.incoming({ expiresAt: new Date(Date.now() + 200) })
        await sleep(250)
        assert.equal(
          await f.services.incomingPayments.complete(expiring.id),
          IncomingPaymentError.AlreadyExpired,
        )
        const unknown = '00000000-0000-4000-8000-000000000000'
        assert.equal(
          await f.services.incomingPayments.complete(unknown),
          IncomingPaymentError.UnknownIncomingPayment,
        )
        assert.equal(
          await f.services.incomingPayments.get('not-a-uuid'),
          IncomingPaymentError.UnknownIncomingPayment,
        )
      })
    })

    describe('quotes', () => {
      const base = {
        walletAddressName: 'alice',
        client: 'c',
        incomingPaymentId: undefined,
        debitAmount: undefined,
        receiveAmount: undefined,
      }
      const quote = (input: Partial<Parameters<Services['quotes']['create']>[0]>) =>
        f.services.quotes.create({ ...base, ...input })

      it('prices fixed send, fixed receive and the inferred remaining amount, 1:1 in one asset', async () => {
        const receiver = await f.incoming({ incomingAmount: usd(500n) })
        const fixedSend = await quote({ incomingPaymentId: receiver.id, debitAmount: usd(120n) })
        assert.equal(typeof fixedSend, 'object')
        if (typeof fixedSend === 'string') return
        assert.deepEqual([fixedSend.debitAmount, fixedSend.receiveAmount], [usd(120n), usd(120n)])
        const fixedReceive = await quote({ incomingPaymentId: receiver.id, receiveAmount: usd(130n) })
        assert.ok(typeof fixedReceive === 'object')
        assert.deepEqual([fixedReceive.debitAmount, fixedReceive.receiveAmount], [usd(130n), usd(130n)])
        const inferred = await quote({ incomingPaymentId: receiver.id })
        assert.ok(typeof inferred === 'object')
        assert.deepEqual(inferred.receiveAmount, usd(500n))
        const lifetime = inferred.expiresAt.getTime() - inferred.createdAt.getTime()
        assert.equal(lifetime, 1000)
      })

      it('converts across assets with exact rates, rounding against creating money', async () => {
        const euros = await f.incoming({ walletAddressName: 'carol' })
        const send = await quote({ incomingPaymentId: euros.id, debitAmount: usd(333n) })
        assert.ok(typeof send === 'object')
        // 3.33 USD * 0.8 = 2.664 EUR: the receiver gets 2.66.
        assert.deepEqual(send.receiveAmount, eur(266n))
        const receive = await quote({ incomingPaymentId: euros.id, receiveAmount: eur(101n) })
        assert.ok(typeof receive === 'object')
        // 1.01 EUR / 0.8 = 1.2625 USD: the sender pays 1.27.
        assert.deepEqual(receive.debitAmount, usd(127n))
      })

      it('refuses what cannot be priced', async () => {
        const open = await f.incoming()
        const small = await f.incoming({ incomingAmount: usd(10n) })
        const euros = await f.incoming({ walletAddressName: 'carol' })
        const cases: [Partial<Parameters<Services['quotes']['create']>[0]>, string][] = [
          [{ incomingPaymentId: open.id }, PricingError.NoAmount],
          [{ incomingPaymentId: open.id, debitAmount: eur(1n) }, PricingError.DebitAssetMismatch],
          [{ incomingPaymentId: open.id, receiveAmount: usd(5n) }, 'object'],
          [{ incomingPaymentId: euros.id, receiveAmount: usd(5n) }, PricingError.ReceiveAssetMismatch],
          [{ incomingPaymentId: euros.id, debitAmount: usd(1n) }, PricingError.AmountTooSmall],
          [{ incomingPaymentId: small.id, receiveAmount: usd(11n) }, PricingError.ExceedsRemaining],
          [{ incomingPaymentId: small.id, debitAmount: usd(11n) }, PricingError.ExceedsRemaining],
          [{ incomingPaymentId: undefined, debitAmount: usd(1n) }, QuoteError.UnknownReceiver],
          [{ walletAddressName: 'nobody', incomingPaymentId: open.id }, QuoteError.UnknownWalletAddress],
        ]
        for (const [input, expected] of cases) {
          const result = await quote(input)
          assert.equal(typeof result === 'object' ? 'object' : result, expected, show(input))
        }
        const carolMax = await quote({
          walletAddressName: 'carol',
          incomingPaymentId: (await f.incoming({ walletAddressName: 'alice' })).id,
          debitAmount: eur(UINT64_MAX),
        })
        assert.equal(carolMax, PricingError.AmountTooLarge)
        await f.services.incomingPayments.complete(small.id)
        assert.equal(
          await quote({ incomingPaymentId: small.id, debitAmount: usd(1n) }),
          QuoteError.InvalidReceiver,
        )
      })

      it('never outlives its receiver', async () => {
        const receiver = await f.incoming({ expiresAt: new Date(Date.now() + 300) })
        const result = await quote({ incomingPaymentId: receiver.id, debitAmount: usd(1n) })
        assert.ok(typeof result === 'object')
        assert.equal(result.expiresAt.getTime(), receiver.expiresAt?.getTime())
      })

      it('costs one round trip to a receiver this server created, the insert, and two to one it has not seen', async () => {
        const receiver = await f.incoming()
        await quote({ incomingPaymentId: receiver.id, debitAmount: usd(1n) })
        const known = await f.queriesOf(() => quote({ incomingPaymentId: receiver.id, debitAmount: usd(1n) }))
        assert.ok(typeof known.result === 'object')
        assert.equal(known.sql.length, 1, known.sql.join('\n'))
        // The same database, another process: it reads the receiver first, then remembers it.
        const other = createServices({ db: f.db })
        // Its sender known, as in the first process.
        assert.equal(await other.quotes.create(base), QuoteError.UnknownReceiver)
        const unseen = await f.queriesOf(() =>
          other.quotes.create({ ...base, incomingPaymentId: receiver.id, debitAmount: usd(1n) }),
        )
        assert.ok(typeof unseen.result === 'object')
        assert.equal(unseen.sql.length, 2, unseen.sql.join('\n'))
        const seen = await f.queriesOf(() =>
          other.quotes.create({ ...base, incomingPaymentId: receiver.id, debitAmount: usd(1n) }),
        )
        assert.equal(seen.sql.length, 1, seen.sql.join('\n'))
      })

      it('to a receiver this server created, still answers from what it has received since', async () => {
        const receiver = await f.incoming({ incomingAmount: usd(10n) })
        await f.db('incoming_payments').where({ id: receiver.id }).update({ received_amount: '7' })
        assert.equal(
          await quote({ incomingPaymentId: receiver.id, receiveAmount: usd(4n) }),
          PricingError.ExceedsRemaining,
        )
        const fits = await quote({ incomingPaymentId: receiver.id, receiveAmount: usd(3n) })
        assert.ok(typeof fits === 'object', show(fits))
        const inferred = await quote({ incomingPaymentId: receiver.id })
        assert.ok(typeof inferred === 'object')
        assert.deepEqual(inferred.receiveAmount, usd(3n))
        await f.db('incoming_payments').where({ id: receiver.id }).update({ completed: true })
        assert.equal(
          await quote({ incomingPaymentId: receiver.id, receiveAmount: usd(1n) }),
          QuoteError.InvalidReceiver,
        )
        const quotes = await f
          .db('quotes')
          .where({ incoming_payment_id: receiver.id })
          .select('receive_amount')
        assert.deepEqual(quotes.map((row) => row.receive_amount).sort(), ['3', '3'])
      })

      it('to a receiver this server created that has expired, is refused', async () => {
        const receiver = await f.incoming({ expiresAt: new Date(Date.now() + 150) })
        await sleep(200)
        assert.equal(
          await quote({ incomingPaymentId: receiver.id, debitAmount: usd(1n) }),
          QuoteError.InvalidReceiver,
        )
      })
    })

    describe('lists', () => {
      it('walks forward and backward over every item exactly once, newest first', async () => {
        const client = 'https://client.test/lister'
        const created: { id: string; createdAt: Date }[] = []
        for (let i = 0; i < 7; i++) created.push(await f.incoming({ walletAddressName: 'alice', client }))
        // Newest first, and by id within one millisecond: two creates may share a createdAt on a fast machine.
        const newestFirst = created
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
          .map((payment) => payment.id)
        const list = (page: PageRequest) =>
          f.services.incomingPayments.list({ walletAddressName: 'alice', client, page })

        const seen: string[] = []
        let cursor: string | undefined
        const pages = []
        for (;;) {
          const page = await list({ direction: 'forward', size: 3, cursor })
          assert.ok(typeof page === 'object')
          pages.push(page.pageInfo)
          seen.push(...page.items.map((item) => item.id))
          if (!page.pageInfo.hasNextPage) break
          cursor = page.pageInfo.endCursor
        }
        assert.deepEqual(seen, newestFirst)
        assert.deepEqual(
          pages.map((info) => [info.hasPreviousPage, info.hasNextPage]),
          [
            [false, true],
            [true, true],
            [true, false],
          ],
        )
        const back = await list({ direction: 'backward', size: 2, cursor: newestFirst[4] ?? '' })
        assert.ok(typeof back === 'object')
        assert.deepEqual(
          back.items.map((item) => item.id),
          newestFirst.slice(2, 4),
        )
        assert.deepEqual([back.pageInfo.hasPreviousPage, back.pageInfo.hasNextPage], [true, true])
        const atStart = await list({ direction: 'backward', size: 5, cursor: newestFirst[1] ?? '' })
        assert.ok(typeof atStart === 'object')
        assert.deepEqual(
          atStart.items.map((item) => item.id),
          newestFirst.slice(0, 1),
        )
        assert.equal(atStart.pageInfo.hasPreviousPage, false)
        assert.equal(
          await list({ direction: 'forward', size: 3, cursor: 'nope' }),
          IncomingPaymentError.UnknownCursor,
        )
        const others = await f.services.incomingPayments.list({
          walletAddressName: 'alice',
          client: 'https://client.test/other',
          page: { direction: 'forward', size: 20, cursor: undefined },
        })
        assert.ok(typeof others === 'object')
        assert.deepEqual(others.items, [])

        // Each page is one query, whichever the direction; an empty page from a cursor checks the cursor.
        const one = await f.queriesOf(() => list({ direction: 'forward', size: 3, cursor: newestFirst[2] }))
        assert.equal(one.sql.length, 1, one.sql.join('\n'))
        const pastTheEnd = await f.queriesOf(() =>
          list({ direction: 'forward', size: 3, cursor: newestFirst[6] }),
        )
        assert.deepEqual(pastTheEnd.result, {
          items: [],
          pageInfo: { hasPreviousPage: true, hasNextPage: false },
        })
        assert.equal(pastTheEnd.sql.length, 2)
        assert.deepEqual(await list({ direction: 'backward', size: 3, cursor: newestFirst[0] ?? '' }), {
          items: [],
          pageInfo: { hasPreviousPage: false, hasNextPage: true },
        })
        // Another client's payment is no cursor for this client's list, even though the id exists.
        const foreign = await f.incoming({ walletAddressName: 'alice', client: 'https://client.test/other' })
        for (const direction of ['forward', 'backward'] as const) {
          assert.equal(
            await list({ direction, size: 3, cursor: foreign.id }),
            IncomingPaymentError.UnknownCursor,
          )
        }
      })
    })
  })
}
