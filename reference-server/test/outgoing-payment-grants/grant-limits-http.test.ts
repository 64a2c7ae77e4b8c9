import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { createDatabase } from '../../src/db/database.ts'
import { checkLedger } from '../../src/ledger/invariant.ts'
import { createLogger } from '../../src/logger.ts'
import { databaseVariants, testConfig } from '../support/helpers.ts'
import {
  type Amount,
  incomingAccess,
  type Json,
  type PaymentServer,
  poll,
  sleep,
  startPaymentServer,
  usd,
} from '../support/payment-server-fixture.ts'

for (const variant of databaseVariants('grant-limits-http')) {
  describe(`grant limits, lists and the ledger over HTTP (${variant.name})`, () => {
    let s: PaymentServer

    before(async () => {
      s = await startPaymentServer(variant)
    })

    after(() => s?.close())

    const spentUrl = () => `${s.server.url}/outgoing-payment-grant`

    describe('grant limits', () => {
      it('enforces a debitAmount limit, counting payments from their creation', async () => {
        const receiver = await s.createIncoming()
        const token = await s.outgoingToken({ debitAmount: usd('100') })
        assert.equal(
          (await s.pay(token, { incomingPayment: receiver.id, debitAmount: usd('60') })).status,
          201,
        )
        const second = await s.pay(token, { incomingPayment: receiver.id, debitAmount: usd('40') })
        assert.deepEqual([second.status, (second.body as Json).grantSpentDebitAmount], [201, usd('60')])
        const over = await s.pay(token, { incomingPayment: receiver.id, debitAmount: usd('1') })
        assert.equal(over.status, 403)
        assert.equal((over.body as { error: { code: string } }).error.code, 'forbidden')
      })

      it('enforces a receiveAmount limit', async () => {
        const receiver = await s.createIncoming()
        const token = await s.outgoingToken({ receiveAmount: usd('10') })
        assert.equal(
          (await s.pay(token, { incomingPayment: receiver.id, debitAmount: usd('10') })).status,
          201,
        )
        assert.equal(
          (await s.pay(token, { incomingPayment: receiver.id, debitAmount: usd('1') })).status,
          403,
        )
      })

      it('enforces a receiver limit', async () => {
        const allowed = await s.createIncoming()
        const other = await s.createIncoming()
        const token = await s.outgoingToken({ receiver: allowed.id, debitAmount: usd('100') })
        assert.equal((await s.pay(token, { incomingPayment: allowed.id, debitAmount: usd('1') })).status, 201)
        assert.equal((await s.pay(token, { incomingPayment: other.id, debitAmount: usd('1') })).status, 403)
      })

      it('applies the limit per interval and starts each interval fresh', async () => {
        const receiver = await s.createIncoming()
        const periodMs = 3000
        const start = Date.now() - 100
        const interval = `R100/${new Date(start).toISOString()}/PT3S`
        const token = await s.outgoingToken({ debitAmount: usd('10'), interval })
        const nextInterval = () => start + Math.ceil((Date.now() - start) / periodMs) * periodMs
        // The consent can take seconds on a loaded machine: both payments go in one interval with time to spare.
        if (nextInterval() - Date.now() < 2000) await sleep(nextInterval() - Date.now() + 50)
        assert.equal(
          (await s.pay(token, { incomingPayment: receiver.id, debitAmount: usd('10') })).status,
          201,
        )
        assert.equal(
          (await s.pay(token, { incomingPayment: receiver.id, debitAmount: usd('1') })).status,
          403,
        )
        const spent = await s.client.send('GET', spentUrl(), { token })
        assert.deepEqual(spent.body, { spentDebitAmount: usd('10'), spentReceiveAmount: usd('10') })
        await sleep(nextInterval() - Date.now() + 50)
        const fresh = await s.pay(token, { incomingPayment: receiver.id, debitAmount: usd('10') })
        assert.deepEqual([fresh.status, (fresh.body as Json).grantSpentDebitAmount], [201, usd('0')])
      })

      it('reports null spent amounts for a grant that has spent nothing', async () => {
        const token = await s.outgoingToken()
        const spent = await s.client.send('GET', spentUrl(), { token })
        assert.deepEqual(
          [spent.status, spent.body],
          [200, { spentDebitAmount: null, spentReceiveAmount: null }],
        )
      })
    })

    describe('lists', () => {
      it('validates the query', async () => {
        const token = await s.outgoingToken()
        const base = `${s.server.url}/outgoing-payments?wallet-address=${s.alice}`
        const queries = [
          '&first=0',
          '&first=101',
          '&last=0',
          '&cursor=',
          '&first=1&last=1',
          '&last=2',
          '&first=x',
        ]
        for (const query of queries) {
          const response = await s.client.send('GET', `${base}${query}`, { token })
          assert.equal(response.status, 400, query)
        }
        const missing = await s.client.send('GET', `${s.server.url}/outgoing-payments`, { token })
        assert.equal(missing.status, 400)
      })

      it('walks forward once over every item and backward from a cursor', async () => {
        const token = await s.otherClient.token([incomingAccess(s.carol, ['create', 'list'])])
        const created: { id: string; createdAt: number }[] = []
        for (let i = 0; i < 5; i++) {
          const response = await s.otherClient.send('POST', `${s.server.url}/incoming-payments`, {
            token,
            json: { walletAddress: s.carol },
          })
          const body = response.body as Json
          created.push({ id: String(body.id), createdAt: Date.parse(String(body.createdAt)) })
        }
        // Newest first, and by id within one millisecond: two creates may share a createdAt on a fast machine.
        const newestFirst = created
          .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
          .map((payment) => payment.id)
        const list = async (query: string) => {
          const url = `${s.server.url}/incoming-payments?wallet-address=${s.carol}${query}`
          return (await s.otherClient.send('GET', url, { token })).body as {
            pagination: Json
            result: Json[]
          }
        }
        const seen: string[] = []
        let page = await list('&first=2')
        assert.equal(page.pagination.hasPreviousPage, false)
        for (;;) {
          seen.push(...page.result.map((item) => String(item.id)))
          if (!page.pagination.hasNextPage) break
          page = await list(`&first=2&cursor=${page.pagination.endCursor}`)
        }
        assert.deepEqual(seen, newestFirst)
        assert.equal(page.pagination.hasPreviousPage, true)
        const cursor = String(newestFirst[3]).split('/').at(-1)
        const back = await list(`&last=2&cursor=${cursor}`)
        assert.deepEqual(
          back.result.map((item) => item.id),
          newestFirst.slice(1, 3),
        )
        assert.deepEqual([back.pagination.hasPreviousPage, back.pagination.hasNextPage], [true, true])
      })
    })

    // The embedded database lives inside the server's process state; Postgres can be opened beside it.
    if (variant.name === 'postgres') {
      it('ends with a balanced ledger: balances equal what was seeded', async () => {
        const token = await s.outgoingToken()
        const listUrl = `${s.server.url}/outgoing-payments?wallet-address=${s.alice}&first=100`
        const isDone = (payment: Json) =>
          payment.failed === true ||
          (payment.sentAmount as Amount).value === (payment.debitAmount as Amount).value
        await poll(
          async () => (await s.client.send('GET', listUrl, { token })).body as { result: Json[] },
          (body) => body.result.every(isDone),
        )
        const db = createDatabase(testConfig(s.env), createLogger({ logLevel: 'silent' }))
        try {
          const ledger = await checkLedger(db)
          assert.equal(ledger.balanced, true)
          // Only same-asset payments were sent, so no asset went through the exchange.
          for (const asset of ledger.assets)
            assert.deepEqual([asset.held, asset.exchangeNet], [asset.seeded, 0n])
        } finally {
          await db.destroy()
        }
      })
    }
  })
}
