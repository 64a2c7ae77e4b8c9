import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createDatabase, type Database } from '../../src/db/database.ts'
import { checkLedger } from '../../src/ledger/invariant.ts'
import { createLogger } from '../../src/logger.ts'
import { databaseVariants, testConfig } from '../support/helpers.ts'
import {
  type Json,
  type PaymentServer,
  poll,
  startPaymentServer,
  usd,
} from '../support/payment-server-fixture.ts'
import { show } from '../support/payment-services-fixture.ts'

// Concurrent requests against one grant, one quote and one receiver. On Postgres they really overlap (a pool
// of connections); the embedded database has one connection, so there they only interleave, and the
// outcome must be the same.

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length

for (const variant of databaseVariants('races-http')) {
  describe(`concurrent payments over HTTP (${variant.name})`, () => {
    let f: PaymentServer

    before(async () => {
      f = await startPaymentServer(variant)
    })

    after(() => f?.close())

    it('lets exactly k of 50 concurrent payments through a grant whose limit allows k', async () => {
      const k = 7
      const token = await f.outgoingToken({ debitAmount: usd(String(k * 100)) })
      const receiver = await f.createIncoming()
      const replies = await Promise.all(
        Array.from({ length: 50 }, () =>
          f.pay(token, { incomingPayment: receiver.id, debitAmount: usd('100') }),
        ),
      )
      const statuses = replies.map((reply) => reply.status)
      assert.deepEqual([count(statuses, 201), count(statuses, 403)], [k, 50 - k], JSON.stringify(statuses))
      for (const reply of replies.filter((r) => r.status === 403)) {
        assert.equal((reply.body as { error: { code: string } }).error.code, 'forbidden')
      }
      const spent = await f.client.send('GET', `${f.server.url}/outgoing-payment-grant`, { token })
      assert.deepEqual(spent.body, {
        spentDebitAmount: usd(String(k * 100)),
        spentReceiveAmount: usd(String(k * 100)),
      })
    })

    it('accepts exactly one of 20 concurrent payments of one quote', async () => {
      const token = await f.outgoingToken()
      const receiver = await f.createIncoming()
      const quote = await f.createQuote({ receiver: receiver.id, debitAmount: usd('5') })
      assert.equal(quote.status, 201, JSON.stringify(quote.body))
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => f.pay(token, { quoteId: (quote.body as Json).id })),
      )
      const statuses = replies.map((reply) => reply.status)
      assert.equal(count(statuses, 201), 1, JSON.stringify(statuses))
      assert.ok(
        replies.every((r) => r.status === 201 || (r.status >= 400 && r.status < 500)),
        JSON.stringify(replies.filter((r) => r.status !== 201).map((r) => r.body)),
      )
    })

    it('never pays an incoming payment past its incomingAmount, and debits only the payments that land', async () => {
      const token = await f.outgoingToken()
      const receiver = await f.createIncoming({ incomingAmount: usd('1000') })
      const replies = await Promise.all(
        Array.from({ length: 20 }, () =>
          f.pay(token, { incomingPayment: receiver.id, debitAmount: usd('100') }),
        ),
      )
      const created = replies.filter((r) => r.status === 201).map((r) => (r.body as Json).id as string)
      const idOf = (url: string) => url.slice(url.lastIndexOf('/') + 1)
      assert.ok(created.length >= 10, JSON.stringify(replies.map((r) => r.status)))
      const final = await Promise.all(
        created.map((id) =>
          poll(
            async () => (await f.client.send('GET', id, { token })).body as Json,
            (payment) => payment.failed === true || (payment.sentAmount as Json).value === '100',
            15_000,
          ),
        ),
      )
      const sent = final.filter((payment) => (payment.sentAmount as Json).value === '100')
      const failed = final.filter((payment) => payment.failed === true)
      assert.deepEqual([sent.length, failed.length], [10, created.length - 10], JSON.stringify(final))
      const paid = await f.client.send('GET', receiver.id as string, { token: await f.receiverToken() })
      assert.deepEqual(
        [(paid.body as Json).receivedAmount, (paid.body as Json).completed],
        [usd('1000'), true],
      )
      // The embedded database lives inside the server's process state; Postgres can be opened beside it.
      if (variant.name !== 'postgres') return
      await withDatabase(f, async (db) => {
        const debited = await db('ledger_movements')
          .whereIn('outgoing_payment_id', created.map(idOf))
          .where({ kind: 'outgoing-payment' })
          .pluck<string[]>('outgoing_payment_id')
        assert.deepEqual(debited.sort(), sent.map((payment) => idOf(payment.id as string)).sort())
        const ledger = await checkLedger(db)
        assert.ok(ledger.balanced, show(ledger))
      })
    })
  })
}

/** Opens the server's Postgres database beside it. */
async function withDatabase<T>(f: PaymentServer, read: (db: Database) => Promise<T>): Promise<T> {
  const db = createDatabase(testConfig(f.env), createLogger({ logLevel: 'silent' }))
  try {
    return await read(db)
  } finally {
    await db.destroy()
  }
}
