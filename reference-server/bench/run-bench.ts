import { generateKeyPairSync } from 'node:crypto'
import { createServer } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AccessItem } from '@interledger/open-payments'
import { approvedOutgoingGrant, issuedGrant } from '../test/gnap-helpers.ts'
import { send, type TestClient } from '../test/signing-client.ts'
import { ed25519VerifiesPerSecond, insertsPerSecond, startTrivialServer } from './floor.ts'
import { type BenchRequest, type LoadResult, runLoad, type Signer } from './load.ts'
import { type ServerUnderTest, startServerUnderTest } from './server-under-test.ts'

// `npm run bench`: the reference server under a closed-loop, signing load on loopback, on the embedded
// database and (with DATABASE_URL) on Postgres, next to the floor every server on this machine pays.
// Bounded: BENCH_SECONDS per request kind (default 10), BENCH_RUNS interleaved runs (default 1, medians).

const env = process.env
const SECONDS = Number(env.BENCH_SECONDS ?? 10)
const RUNS = Number(env.BENCH_RUNS ?? 1)
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 16)
// The server takes PORT and PORT+1, the client's wallet address PORT+3 and the trivial server PORT+4.
const PORT = Number(env.BENCH_PORT ?? 3490)
// BENCH_SERVER_ROOT runs another checkout's server (say, an earlier commit's) under the same load.
const repoRoot = path.resolve(env.BENCH_SERVER_ROOT ?? path.resolve(import.meta.dirname, '../..'))
const all: [string, string | undefined][] = [['pglite', undefined]]
if (env.DATABASE_URL) all.push(['postgres', env.DATABASE_URL])
// BENCH_DATABASES and BENCH_ONLY (a substring of the request names) narrow a run, e.g. to profile one request.
const databases = all.filter(([name]) => (env.BENCH_DATABASES ?? name).split(',').includes(name))

interface Scenario {
  name: string
  signed: boolean
  expectStatus: number
  next: (ctx: Context) => BenchRequest
}

interface Context {
  server: ServerUnderTest
  alice: string
  bob: string
  receiverToken: string
  outgoingToken: string
  /** Incoming payments to bob, without incomingAmount, made before the load. */
  incomingIds: string[]
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T
const one = { value: '1', assetCode: 'USD', assetScale: 2 }

const SCENARIOS: Scenario[] = [
  {
    name: 'GET wallet address',
    signed: false,
    expectStatus: 200,
    next: (c) => ({ method: 'GET', url: c.alice }),
  },
  {
    name: 'signed POST /incoming-payments',
    signed: true,
    expectStatus: 201,
    next: (c) => ({
      method: 'POST',
      url: `${c.server.url}/incoming-payments`,
      token: c.receiverToken,
      json: { walletAddress: c.bob, metadata: { order: 'INV-1' } },
    }),
  },
  {
    name: 'signed GET /incoming-payments/{id}',
    signed: true,
    expectStatus: 200,
    next: (c) => ({ method: 'GET', url: pick(c.incomingIds), token: c.receiverToken }),
  },
  {
    name: 'signed GET /incoming-payments (list 20)',
    signed: true,
    expectStatus: 200,
    next: (c) => ({
      method: 'GET',
      url: `${c.server.url}/incoming-payments?wallet-address=${encodeURIComponent(c.bob)}&first=20`,
      token: c.receiverToken,
    }),
  },
  {
    name: 'signed POST /quotes',
    signed: true,
    expectStatus: 201,
    next: (c) => ({
      method: 'POST',
      url: `${c.server.url}/quotes`,
      token: c.receiverToken,
      json: { walletAddress: c.alice, receiver: pick(c.incomingIds), method: 'ilp', debitAmount: one },
    }),
  },
  {
    name: 'signed POST /outgoing-payments',
    signed: true,
    expectStatus: 201,
    next: (c) => ({
      method: 'POST',
      url: `${c.server.url}/outgoing-payments`,
      token: c.outgoingToken,
      json: { walletAddress: c.alice, incomingPayment: pick(c.incomingIds), debitAmount: one },
    }),
  },
]

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

async function prepare(server: ServerUnderTest, client: TestClient): Promise<Context> {
  const [alice, bob] = [`${server.url}/alice`, `${server.url}/bob`]
  const receiver = await issuedGrant(server.authUrl, client, [
    { type: 'incoming-payment', actions: ['create', 'read', 'list'], identifier: bob } as AccessItem,
    { type: 'quote', actions: ['create', 'read'] } as AccessItem,
  ])
  const outgoing = await approvedOutgoingGrant(server.authUrl, client, [
    { type: 'outgoing-payment', actions: ['create', 'read'], identifier: alice } as AccessItem,
  ])
  const receiverToken = receiver.access_token?.value ?? ''
  const incomingIds: string[] = []
  for (let i = 0; i < 50; i++) {
    const reply = await send(client, {
      method: 'POST',
      url: `${server.url}/incoming-payments`,
      token: receiverToken,
      json: { walletAddress: bob },
    })
    incomingIds.push((reply.body as { id: string }).id)
  }
  return { server, alice, bob, receiverToken, outgoingToken: outgoing.access_token?.value ?? '', incomingIds }
}

interface Row extends LoadResult {
  cpuMsPerRequest: number
  rssMb: number
}

async function measure(ctx: Context, scenario: Scenario, signer: Signer): Promise<Row> {
  const cpuBefore = ctx.server.cpuMs()
  const result = await runLoad({
    origin: ctx.server.url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    signer: scenario.signed ? signer : undefined,
    next: () => scenario.next(ctx),
    expectStatus: scenario.expectStatus,
  })
  const cpu = ctx.server.cpuMs() - cpuBefore
  return { ...result, cpuMsPerRequest: cpu / Math.max(1, result.requests), rssMb: ctx.server.rssMb() }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

async function main(): Promise<void> {
  const client = await startClient()
  const signer = { keyId: client.key.keyId, privateKey: client.key.privateKey }
  const results = new Map<string, Row[]>()
  const floors = new Map<string, number[]>()
  const keep = <T>(map: Map<string, T[]>, key: string, value: T) =>
    map.set(key, [...(map.get(key) ?? []), value])

  for (let run = 1; run <= RUNS; run++) {
    const trivial = await startTrivialServer(PORT + 4)
    for (const signed of [false, true]) {
      const result = await runLoad({
        origin: trivial.url,
        connections: CONNECTIONS,
        seconds: SECONDS,
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
      } finally {
        await server.stop()
      }
      process.stderr.write(`run ${run}/${RUNS} on ${name} done\n`)
    }
  }
  await client.close()
  print(results, floors)
  const errors = [...results.values()].flat().reduce((sum, row) => sum + row.errors, 0)
  if (errors > 0) process.exitCode = 1
}

function print(results: Map<string, Row[]>, floors: Map<string, number[]>): void {
  const floor = (key: string) => median(floors.get(key) ?? [])
  const fixed = (value: number, digits = 0) => value.toFixed(digits)
  console.log(
    `\nreference server, ${CONNECTIONS} connections, ${SECONDS} s per request kind, median of ${RUNS} run(s), ${os.cpus().length} cores, load generator on the same machine\n`,
  )
  console.log(
    '| database | request | req/s | x trivial server | p50 ms | p99 ms | errors | server CPU ms/req | x verify | RSS MB |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  const verifyMs = 1000 / floor('ed25519 verify')
  for (const [key, rows] of results) {
    const [database, request] = key.split('\t') as [string, string]
    const rate = median(rows.map((row) => row.requests / row.seconds))
    const signed = request.startsWith('signed')
    const cpu = median(rows.map((row) => row.cpuMsPerRequest))
    console.log(
      `| ${database} | ${request} | ${fixed(rate)} | ${fixed(rate / floor(signed ? 'trivial signed' : 'trivial'), 3)} | ${fixed(median(rows.map((r) => r.p50Ms)), 1)} | ${fixed(median(rows.map((r) => r.p99Ms)), 1)} | ${rows.reduce((sum, row) => sum + row.errors, 0)} | ${fixed(cpu, 2)} | ${fixed(cpu / verifyMs, 1)} | ${fixed(median(rows.map((r) => r.rssMb)))} |`,
    )
    const firstError = rows.find((row) => row.firstError !== undefined)?.firstError
    if (firstError !== undefined)
      console.log(`|  | first error: ${firstError.replaceAll('|', '/')} | | | | | | | | |`)
  }
  console.log('\nfloor (same machine, same generator)\n')
  console.log('| floor | per second |')
  console.log('|---|---|')
  for (const [key, values] of floors) console.log(`| ${key} | ${fixed(median(values))} |`)
  console.log(
    `\nx trivial server: req/s over the trivial server's (signed requests: over its signed figure, which the generator bounds).`,
  )
  console.log(
    `x verify: server CPU per request over one Ed25519 verification (${fixed(verifyMs * 1000, 1)} µs).`,
  )
}

await main()
