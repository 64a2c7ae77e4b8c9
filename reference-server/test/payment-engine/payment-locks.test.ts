import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { findIncomingPayment } from '../../src/incoming-payments/repository.ts'
import { lockBalances } from '../../src/ledger/repository.ts'
import { databaseVariants } from '../support/helpers.ts'
import {
  type PaymentServices,
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
})
