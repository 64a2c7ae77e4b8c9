import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Database } from '../../src/db/database.ts'
import type { IncomingPayment } from '../../src/incoming-payments/model.ts'
import { checkLedger } from '../../src/ledger/invariant.ts'
import { databaseVariants } from '../support/helpers.ts'
import {
  type PaymentServices,
  show,
  sleep,
  startPaymentServices,
  usd,
} from '../support/payment-services-fixture.ts'
import { type ServerProcess, settledBy, startServerProcess } from '../support/server-process.ts'

// Server processes killed mid-settlement, sharing one database, or stopped with SIGTERM. The payments are
// created beforehand (no engine runs in the test process), so each process starts with a backlog to settle.
// Two processes need a database both can open: Postgres only.
const postgres = databaseVariants('crash-recovery').find((variant) => variant.name === 'postgres')

const BACKLOG = 600
// Half the backlog pays a receiver that takes only a quarter of it: the rest of that half must fail.
const CAP = BACKLOG / 4

describe('crashes, shutdown and shared databases (postgres)', {
  skip: !postgres && 'DATABASE_URL is not set',
}, () => {
  let s: PaymentServices
  let env: Record<string, string>
  const running: ServerProcess[] = []

  before(async () => {
    env = await postgres!.setUp()
    s = await startPaymentServices(postgres!)
  })

  after(async () => {
    for (const server of running) server.child.kill('SIGKILL')
    await s?.close()
  })

  /** Fresh receivers and a backlog of 1-cent payments to them; returns the capped receiver. */
  const backlog = async (): Promise<IncomingPayment> => {
    const open = await s.incoming()
    const capped = await s.incoming({ incomingAmount: usd(BigInt(CAP)) })
    for (let i = 0; i < BACKLOG; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          s.pay({ source: { incomingPaymentId: (i + j) % 2 ? capped.id : open.id, debitAmount: usd(1n) } }),
        ).map(async (created) => s.created(await created)),
      )
    }
    return capped
  }
  const start = async () => {
    // Batches of two: still several payments per transaction, and the backlog lasts long enough for a kill or a
    // SIGTERM to land in it and for two processes to share it.
    const server = await startServerProcess({ DATABASE_URL: env.DATABASE_URL!, PAYMENT_BATCH_SIZE: '2' })
    running.push(server)
    return server
  }
  const sending = async () =>
    Number((await s.db('outgoing_payments').where({ state: 'sending' }).count({ n: '*' }))[0]!.n)
  const untilSettled = async (timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs
    while ((await sending()) > 0 && Date.now() < deadline) await sleep(100)
    assert.equal(await sending(), 0, 'payments left sending')
  }

  it('finishes every payment once after a SIGKILL mid-settlement and a restart', async () => {
    const capped = await backlog()
    const first = await start()
    while ((await sending()) > BACKLOG - 50) await sleep(10)
    first.child.kill('SIGKILL')
    await first.exited
    assert.ok((await sending()) > 0, 'the backlog was settled before the kill: make it larger')
    const second = await start()
    await untilSettled()
    await assertSettledOnce(s.db, capped)
    second.child.kill('SIGTERM')
    assert.equal(await second.exited, 0)
  })

  it('settles a shared backlog with two processes on one database, each payment once, none stuck', async () => {
    const capped = await backlog()
    const [a, b] = await Promise.all([start(), start()])
    await untilSettled()
    await assertSettledOnce(s.db, capped)
    const [byA, byB] = [settledBy(a!), settledBy(b!)]
    assert.equal(new Set([...byA, ...byB]).size, byA.length + byB.length, 'a payment was settled twice')
    assert.ok(byA.length > 0 && byB.length > 0, `one process did all the work (${byA.length}, ${byB.length})`)
    a!.child.kill('SIGTERM')
    b!.child.kill('SIGTERM')
    assert.deepEqual(await Promise.all([a!.exited, b!.exited]), [0, 0])
  })

  it('on SIGTERM finishes the request in flight, stops the engine between payments and exits', async () => {
    const capped = await backlog()
    const server = await start()
    while ((await sending()) > BACKLOG - 20) await sleep(10)
    // A request whose body has not fully arrived when the signal comes: it must still be answered.
    const body = JSON.stringify({ walletAddress: `${server.url}/bob` })
    const url = new URL('/incoming-payments', server.url)
    const { request } = await import('node:http')
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length },
    })
    const answered = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.on('error', reject)
    })
    req.write(body.slice(0, 5))
    await sleep(100)
    server.child.kill('SIGTERM')
    await sleep(300)
    req.end(body.slice(5))
    assert.equal(await answered, 401)
    assert.equal(await Promise.race([server.exited, sleep(10_000).then(() => 'still running')]), 0)
    assert.ok(server.logs.some((entry) => entry.msg === 'Stopped'))
    // Stopped between transactions: whatever was settled is whole, the rest is still waiting.
    assert.ok((await sending()) > 0, 'the engine settled the whole backlog before stopping')
    const ledger = await checkLedger(s.db)
    assert.ok(ledger.balanced, show(ledger))
    const restarted = await start()
    await untilSettled()
    await assertSettledOnce(s.db, capped)
    restarted.child.kill('SIGTERM')
    await restarted.exited
  })
})

/** Every payment completed or failed, each moved money exactly once or never, the cap held, the ledger balances. */
async function assertSettledOnce(db: Database, capped: IncomingPayment): Promise<void> {
  const rows = await db('outgoing_payments as op')
    .leftJoin('ledger_movements as m', 'm.outgoing_payment_id', 'op.id')
    .groupBy('op.id', 'op.state', 'op.sent_amount', 'op.debit_amount')
    .select<{ id: string; state: string; sent: string; debit: string; movements: string }[]>(
      'op.id',
      'op.state',
      'op.sent_amount as sent',
      'op.debit_amount as debit',
      db.raw('count(m.id)::text as movements'),
    )
  for (const row of rows) {
    const expected = row.state === 'completed' ? ['2', row.debit] : ['0', '0']
    assert.deepEqual([row.movements, row.sent], expected, show(row))
  }
  const { received_amount } = await db('incoming_payments').where({ id: capped.id }).first('received_amount')
  assert.equal(String(received_amount), String(CAP))
  const ledger = await checkLedger(db)
  assert.ok(ledger.balanced, show(ledger))
}
