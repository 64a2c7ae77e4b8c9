import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { findIncomingPayment } from '../../src/incoming-payments/repository.ts'
import { lockBalances } from '../../src/ledger/repository.ts'
import { OutgoingPaymentError } from '../../src/outgoing-payments/errors.ts'
import { databaseVariants } from '../support/helpers.ts'
import {
  noLimits,
  type PaymentServices,
  show,
  sleep,
  startPaymentServices,
  usd,
} from '../support/payment-services-fixture.ts'

// How long a payment creation may take while a settlement holds its locks; it needs milliseconds.
const BLOCKED_AFTER_MS = 2000

// The embedded database has one connection, so transactions never overlap there: Postgres only.
const postgres = databaseVariants('payment-locks').find((variant) => variant.name === 'postgres')

describe('row locks of settlement and payment creation (postgres)', {
  skip: !postgres && 'DATABASE_URL is not set',
}, () => {
  let s: PaymentServices

  before(async () => {
    s = await startPaymentServices(postgres!)
  })

  after(() => s?.close())

  it('creates a payment while a settlement holds the receiver and the balances', async () => {
    const receiver = await s.incoming()
    const ids = await s.db('wallet_addresses').whereIn('name', ['alice', 'bob']).pluck<string[]>('id')
    // The locks the payment engine takes to settle a payment to the same receiver.
    const settlement = await s.db.transaction()
    try {
      await findIncomingPayment(settlement, receiver.id, { forUpdate: true })
      await lockBalances(settlement, ids)
      // Inserting the payment checks its foreign keys (sender, receiver) with KEY SHARE row locks: a
      // settlement that blocked them would also let the two transactions deadlock, each waiting on the other.
      const created = await Promise.race([
        s.pay({ source: { incomingPaymentId: receiver.id, debitAmount: usd(1n) } }),
        sleep(BLOCKED_AFTER_MS).then(() => 'blocked' as const),
      ])
      assert.notEqual(created, 'blocked', 'the payment waited for the settlement to end')
      s.created(created as Awaited<ReturnType<PaymentServices['pay']>>)
    } finally {
      await settlement.commit()
    }
  })

  it('refuses the second of two payments of one quote that both read it unused', async () => {
    const receiver = await s.incoming()
    const grant = { id: 'grant-quote-race', limits: noLimits }
    // The grant's totals exist after its first payment; a transaction holding them makes the next payments of
    // the grant wait in their reservation, after their reads.
    s.created(await s.pay({ grant, source: { incomingPaymentId: receiver.id, debitAmount: usd(1n) } }))
    const quote = await s.services.quotes.create({
      walletAddressName: 'alice',
      client: 'c',
      incomingPaymentId: receiver.id,
      debitAmount: usd(2n),
      receiveAmount: undefined,
    })
    assert.ok(typeof quote === 'object')
    const holder = await s.db.transaction()
    let both: Promise<Awaited<ReturnType<PaymentServices['pay']>>[]> | undefined
    try {
      await holder('outgoing_payment_grant_spent').where({ grant_id: grant.id }).forUpdate()
      let settled = 0
      both = Promise.all(
        [1, 2].map(() => s.pay({ grant, source: { quoteId: quote.id } }).finally(() => settled++)),
      )
      await sleep(300)
      // Both read the quote unused and wait in their reservations: the second is refused by the unique index.
      assert.equal(settled, 0, 'a payment of the quote did not wait for the grant totals')
    } finally {
      await holder.commit()
    }
    const results = await both
    const created = results.filter((result) => typeof result === 'object')
    assert.equal(created.length, 1, show(results))
    assert.deepEqual(
      results.filter((result) => typeof result !== 'object'),
      [OutgoingPaymentError.QuoteUsed],
    )
  })
})
