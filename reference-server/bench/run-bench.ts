import { generateKeyPairSync } from 'node:crypto'
import { createServer } from 'node:http'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { TestClient } from '../test/support/signing-client.ts'
import { ed25519VerifiesPerSecond, insertsPerSecond, startTrivialServer } from './floor.ts'
import { createBenchClient, runClosedLoop, runLoad, type Signer } from './load.ts'
import { type LedgerReport, printLedger, printResults, type Row } from './report.ts'
import { type Context, prepare, SCENARIOS, type Scenario } from './scenarios.ts'
import { type ServerUnderTest, startServerUnderTest } from './server-under-test.ts'

// `npm run bench`: the reference server under a closed-loop, signing load on loopback, on the embedded
// database and (with DATABASE_URL) on Postgres, next to the floor every server on this machine pays, then the
// ledger check on each database (no money created or lost under load).
// Bounded: BENCH_SECONDS per operation (default 10) and at most BENCH_MAX_OPERATIONS of each (default
// 100000), BENCH_RUNS interleaved runs (default 1, medians).

const env = process.env
const SECONDS = Number(env.BENCH_SECONDS ?? 10)
const MAX_OPERATIONS = Number(env.BENCH_MAX_OPERATIONS ?? 100_000)
const QUIET_LIMIT_MS = 60_000
const RUNS = Number(env.BENCH_RUNS ?? 1)
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 16)
// The server takes PORT and PORT+1, the client's wallet address PORT+3 and the trivial server PORT+4.
const PORT = Number(env.BENCH_PORT ?? 3490)
// BENCH_SERVER_ROOT runs another checkout's server (say, an earlier commit's) under the same load.
const repoRoot = path.resolve(env.BENCH_SERVER_ROOT ?? path.resolve(import.meta.dirname, '../..'))
const all: [string, string | undefined][] = [['pglite', undefined]]
if (env.DATABASE_URL) all.push(['postgres', env.DATABASE_URL])
// BENCH_DATABASES and BENCH_ONLY (a substring of the operation names) narrow a run, e.g. to profile one.
const databases = all.filter(([name]) => (env.BENCH_DATABASES ?? name).split(',').includes(name))

/** The client identity: a wallet address document and JWKS served on PORT+3. */
async function startClient(): Promise<TestClient> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const jwk = {
    kid: 'bench',
    alg: 'EdDSA',
    kty: 'OKP',
    crv: 'Ed25519',
    x: publicKey.export({ format: 'jwk' }).x,
  }
  const origin = `http://127.0.0.1:${PORT + 3}`
  const documents: Record<string, unknown> = {
    '/client': {
      id: `${origin}/client`,
      assetCode: 'USD',
      assetScale: 2,
      authServer: origin,
      resourceServer: origin,
    },
    '/client/jwks.json': { keys: [jwk] },
  }
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json')
    res.statusCode = req.url !== undefined && req.url in documents ? 200 : 404
    res.end(JSON.stringify(documents[req.url ?? ''] ?? {}))
  })
  await new Promise<void>((resolve) => server.listen(PORT + 3, '127.0.0.1', resolve))
  return {
    walletAddress: `${origin}/client`,
    key: { keyId: 'bench', privateKey, publicJwk: jwk as TestClient['key']['publicJwk'] },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

async function measure(ctx: Context, scenario: Scenario, signer: Signer): Promise<Row> {
  const client = createBenchClient(CONNECTIONS)
  const cpuBefore = ctx.server.cpuMs()
  const databaseCpuBefore = await ctx.server.databaseCpuMs()
  const result = await runClosedLoop({
    connections: CONNECTIONS,
    seconds: SECONDS,
    maxOperations: MAX_OPERATIONS,
    operation: () => scenario.run(ctx, client, signer),
  })
  await quiet(ctx.server)
  const cpu = ctx.server.cpuMs() - cpuBefore
  const databaseCpu = (await ctx.server.databaseCpuMs()) - databaseCpuBefore
  await client.close()
  const operations = Math.max(1, result.requests)
  return {
    ...result,
    requestsPerOperation: client.sent / operations,
    cpuMsPerOperation: cpu / operations,
    databaseCpuMsPerOperation: databaseCpu / operations,
    rssMb: ctx.server.rssMb(),
  }
}

/**
 * Waits until the server has finished the work the load left behind (the engine settling the outgoing payments
 * created), so that work counts for the operation that caused it and not for the next one: until the server
 * and its database use under 5% of a core over half a second, for at most QUIET_LIMIT_MS.
 */
async function quiet(server: ServerUnderTest): Promise<void> {
  const started = performance.now()
  let last = server.cpuMs() + (await server.databaseCpuMs())
  while (performance.now() - started < QUIET_LIMIT_MS) {
    await sleep(500)
    const now = server.cpuMs() + (await server.databaseCpuMs())
    if (now - last < 25) return
    last = now
  }
}

async function ledgerCheck(server: ServerUnderTest): Promise<LedgerReport> {
  const response = await fetch(`${server.url}/healthz/ledger`)
  if (!response.ok) throw new Error(`GET /healthz/ledger answered ${response.status}`)
  return (await response.json()) as LedgerReport
}

async function main(): Promise<void> {
  const client = await startClient()
  const signer = { keyId: client.key.keyId, privateKey: client.key.privateKey }
  const results = new Map<string, Row[]>()
  const floors = new Map<string, number[]>()
  const ledgers: [string, LedgerReport][] = []
  const keep = <T>(map: Map<string, T[]>, key: string, value: T) =>
    map.set(key, [...(map.get(key) ?? []), value])

  for (let run = 1; run <= RUNS; run++) {
    const trivial = await startTrivialServer(PORT + 4)
    for (const signed of [false, true]) {
      const result = await runLoad({
        connections: CONNECTIONS,
        seconds: SECONDS,
        maxOperations: MAX_OPERATIONS,
        signer: signed ? signer : undefined,
        next: () => ({
          method: signed ? 'POST' : 'GET',
          url: `${trivial.url}/x`,
          ...(signed ? { token: 't', json: { a: 1 } } : {}),
        }),
        expectStatus: 200,
      })
      keep(floors, signed ? 'trivial signed' : 'trivial', result.requests / result.seconds)
    }
    await trivial.close()
    keep(floors, 'ed25519 verify', ed25519VerifiesPerSecond())
    for (const [name, databaseUrl] of databases) {
      keep(floors, `insert ${name}`, await insertsPerSecond(databaseUrl, CONNECTIONS))
      const server = await startServerUnderTest({
        repoRoot,
        port: PORT,
        databaseUrl,
        cpuProfileDir: env.BENCH_CPU_PROF,
      })
      try {
        const ctx = await prepare(server, client)
        const chosen = SCENARIOS.filter((scenario) => scenario.name.includes(env.BENCH_ONLY ?? ''))
        for (const scenario of chosen)
          keep(results, `${name}\t${scenario.name}`, await measure(ctx, scenario, signer))
        ledgers.push([`${name}, run ${run}`, await ledgerCheck(server)])
      } finally {
        await server.stop()
      }
      process.stderr.write(`run ${run}/${RUNS} on ${name} done\n`)
    }
  }
  await client.close()
  printResults({ results, floors, connections: CONNECTIONS, seconds: SECONDS, runs: RUNS })
  const balanced = printLedger(ledgers)
  const errors = [...results.values()].flat().reduce((sum, row) => sum + row.errors, 0)
  if (errors > 0 || !balanced) process.exitCode = 1
}

await main()
