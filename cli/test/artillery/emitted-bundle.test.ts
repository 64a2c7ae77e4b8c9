import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { machineFactor } from '../../../conformance/harness/time/machine-load.ts'
import {
  type ArtilleryReport,
  operationResultOf,
} from '../../../conformance/load/artillery/artillery-report.ts'
import { ARTILLERY_DIR, artilleryInstalled } from '../../artillery-install.ts'
import { SUITE_ROOT } from '../../run-command.ts'
import { type ReferenceServer, startReferenceServer } from '../../start-reference-server.ts'

// Not in npm test (cli/test/*.test.ts), which stays as fast without Artillery: .ci/run installs load-artillery/
// and runs this after it. Elsewhere it runs once Artillery is installed, and says why it skips otherwise.
const skip = artilleryInstalled() ? false : `Artillery is not installed in ${ARTILLERY_DIR} (npm ci there)`

// Three minutes on a quiet machine, stretched by its load as the reference server's start is (CI runs this beside
// three other runs, and the server took longer than a minute to start there).
const timeout = 180_000 * machineFactor()

describe('the emitted Artillery bundle', { skip, timeout }, () => {
  const work = mkdtempSync(join(tmpdir(), 'op-bench-artillery-'))
  const bundle = join(work, 'bundle')
  let server: ReferenceServer | undefined
  let proxy: Server | undefined

  before(async () => {
    // The reference server takes free ports of its own: its target file says which.
    server = await startReferenceServer(work)
    const target = JSON.parse(readFileSync(server.targetFile, 'utf8'))
    const port = Number(new URL(target.walletAddresses.sender).port)
    proxy = await corruptingProxy(port)
    const { port: proxyPort } = proxy.address() as AddressInfo
    // The resource server is reached through the proxy; the signatures still cover its own URL.
    target.routes = [{ identity: `http://127.0.0.1:${port}`, transport: `http://127.0.0.1:${proxyPort}` }]
    writeFileSync(join(work, 'target.json'), JSON.stringify(target))
    const emit = spawnSync(
      process.execPath,
      [
        ...[
          '--import',
          'tsx',
          'cli/main.ts',
          'bench',
          '--emit',
          bundle,
          '--target',
          join(work, 'target.json'),
        ],
        ...['--operations', 'create-incoming-payment', '--duration', '2', '--concurrency', '2'],
      ],
      { cwd: SUITE_ROOT, encoding: 'utf8' },
    )
    assert.equal(emit.status, 0, emit.stderr)
    // What the bundle's package.json asks for, as npm install would put it; nothing else of this checkout.
    for (const name of ['@playwright/test', '@interledger/open-payments']) {
      mkdirSync(join(bundle, 'node_modules', name, '..'), { recursive: true })
      symlinkSync(join(SUITE_ROOT, 'node_modules', name), join(bundle, 'node_modules', name))
    }
  })

  after(async () => {
    await server?.stop()
    proxy?.closeAllConnections()
    proxy?.close()
    rmSync(work, { recursive: true, force: true })
  })

  const run = async (name: string) => {
    const report = join(work, `${name}.json`)
    const child = spawn(
      process.execPath,
      [
        join(ARTILLERY_DIR, 'node_modules/artillery/bin/run'),
        'run',
        '--quiet',
        '--output',
        report,
        'create-incoming-payment.yml',
      ],
      { cwd: bundle, env: { ...process.env, ARTILLERY_DISABLE_TELEMETRY: 'true' }, stdio: 'ignore' },
    )
    const [code] = await once(child, 'exit')
    assert.equal(code, 0, `artillery run exited ${code}`)
    return operationResultOf(
      'create-incoming-payment',
      JSON.parse(readFileSync(report, 'utf8')) as ArtilleryReport,
    )
  }

  test('artillery run loads the server with signed requests; a fast answer that breaks the schema is an error by status and rule, not a result', async () => {
    const result = await run('report')
    assert.ok(result.ok > 0, `no right iteration: ${JSON.stringify(result)}`)
    const labels = Object.keys(result.errors)
    assert.ok(
      labels.length > 0 &&
        labels.every((label) => /^201 GEN-SCHEMA.* \(create-incoming-payment\)$/.test(label)),
      `errors: ${JSON.stringify(result.errors)}`,
    )
    const wrong = Object.values(result.errors).reduce((sum, count) => sum + count, 0)
    assert.equal(result.iterations, result.ok + wrong)
    assert.equal(result.requests['create-incoming-payment']?.count, result.iterations)
    // Every other answer was broken: about as many wrong as right.
    assert.ok(Math.abs(wrong - result.ok) <= 2, `${wrong} wrong, ${result.ok} right`)
  })
})

/** Forwards to the resource server; every other created incoming payment loses its walletAddress. */
async function corruptingProxy(port: number): Promise<Server> {
  let created = 0
  const proxy = createServer((incoming, outgoing) => {
    const forwarded = request(
      { host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      async (answer) => {
        const chunks: Buffer[] = []
        for await (const chunk of answer) chunks.push(chunk as Buffer)
        let body = Buffer.concat(chunks)
        const creation = incoming.method === 'POST' && incoming.url?.endsWith('/incoming-payments')
        if (creation && answer.statusCode === 201 && created++ % 2 === 1) {
          const { walletAddress: _dropped, ...rest } = JSON.parse(body.toString('utf8'))
          body = Buffer.from(JSON.stringify(rest))
        }
        outgoing.writeHead(answer.statusCode!, { ...answer.headers, 'content-length': body.byteLength })
        outgoing.end(body)
      },
    )
    incoming.pipe(forwarded)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  return proxy
}
