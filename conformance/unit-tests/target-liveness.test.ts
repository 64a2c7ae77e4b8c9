import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { OpenPaymentsClient } from '../../clients/src/index.ts'
import { settleAfterStop, skipAsStopped } from '../harness/http/after-target-stop.ts'
import { ConformanceApi } from '../harness/http/conformance-api.ts'
import { ResponseCheckError } from '../harness/http/response-checks.ts'
import { TargetLiveness } from '../harness/http/target-liveness.ts'
import { OPERATIONS } from '../harness/openapi/operations.ts'
import { ResponseValidator } from '../harness/openapi/response-validator.ts'
import { rulesNamedIn } from '../harness/rules/rules-named-in.ts'

let validator: ResponseValidator
before(async () => {
  validator = await ResponseValidator.create()
})

/**
 * A wallet address server that answers until it is sent `/die`: it then drops that connection without an answer
 * and stops listening, as a server killed by a request does. `/stop` is answered, then the server stops; `/drop`
 * drops its connection, and the server goes on.
 */
async function mortalServer(): Promise<{ base: string; requests: () => number; server: Server }> {
  let requests = 0
  const server = createServer((req, res) => {
    requests++
    if (req.url === '/drop') {
      req.socket.destroy()
      return
    }
    if (req.url === '/die') {
      req.socket.destroy()
      server.close()
      server.closeAllConnections()
      return
    }
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const document = {
      id: `${base}/alice`,
      assetCode: 'USD',
      assetScale: 2,
      authServer: `${base}/auth`,
      resourceServer: base,
    }
    res.writeHead(200, { 'content-type': 'application/json', connection: 'close' })
    res.end(JSON.stringify(document))
    if (req.url === '/stop') {
      server.close()
      server.closeAllConnections()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, requests: () => requests, server }
}

function apiOn(file: string): ConformanceApi {
  return new ConformanceApi(new OpenPaymentsClient(), validator, new TargetLiveness(file))
}

const get = (url: string, input: 'valid' | 'invalid' = 'valid') => ({
  method: 'GET',
  url,
  operation: OPERATIONS.getWalletAddress,
  input,
})

const servers: Server[] = []
after(() => {
  for (const server of servers) server.close()
})

describe('a target that stops answering', () => {
  test('the request it died on is charged, and nothing after is sent or charged, in any worker', async () => {
    const { base, requests, server } = await mortalServer()
    servers.push(server)
    const file = join(mkdtempSync(join(tmpdir(), 'liveness-')), 'target-stopped.json')
    const api = apiOn(file)
    assert.equal((await api.send(get(`${base}/alice`))).response.status, 200)

    const killed = await api.send(get(`${base}/die`, 'invalid')).catch((error: unknown) => error)
    assert.ok(killed instanceof ResponseCheckError, String(killed))
    assert.deepEqual(rulesNamedIn(killed.message), ['ROB-INVALID-INPUT'])
    assert.match(killed.message, new RegExp(`GET ${base}/die .*closed the connection without an answer`))

    // Every later request, in this worker or another (its own liveness, the same run file), is not sent: its
    // error is the reason the run's tests are skipped with, naming no rule.
    const sent = requests()
    for (const later of [api, apiOn(file)]) {
      const error = await later.send(get(`${base}/alice`)).catch((e: unknown) => e)
      assert.ok(error instanceof Error && !(error instanceof ResponseCheckError), String(error))
      assert.match(error.message, new RegExp(`^the target stopped answering after GET ${base}/die`))
      assert.deepEqual(rulesNamedIn(error.message), [])
    }
    assert.equal(requests(), sent)
    assert.match(readFileSync(file, 'utf8'), /\/die \(get-wallet-address, invalid input\)/)
  })

  test('a connection refused after an answer stops the run naming the last answered request, charging none', async () => {
    const { base, server } = await mortalServer()
    servers.push(server)
    const file = join(mkdtempSync(join(tmpdir(), 'liveness-')), 'target-stopped.json')
    const api = apiOn(file)
    assert.equal((await api.send(get(`${base}/stop`))).response.status, 200)
    const refused = await api.send(get(`${base}/alice`)).catch((error: unknown) => error)
    assert.ok(refused instanceof Error && !(refused instanceof ResponseCheckError), String(refused))
    assert.match(refused.message, new RegExp(`^the target stopped answering after GET ${base}/stop`))
    assert.match(refused.message, /ECONNREFUSED/)
  })

  test('a connection dropped by a target that still answers is a robustness finding, and the run goes on', async () => {
    const { base, server } = await mortalServer()
    servers.push(server)
    const file = join(mkdtempSync(join(tmpdir(), 'liveness-')), 'target-stopped.json')
    const api = apiOn(file)
    assert.equal((await api.send(get(`${base}/alice`))).response.status, 200)
    const dropped = await api.send(get(`${base}/drop`, 'invalid')).catch((error: unknown) => error)
    assert.ok(dropped instanceof ResponseCheckError, String(dropped))
    assert.match(dropped.message, /gave no answer to invalid input/)
    assert.equal(existsSync(file), false)
    assert.equal((await api.send(get(`${base}/alice`))).response.status, 200)
  })

  test('a target that never answered is not said to have stopped: the error is left as it was', async () => {
    const { base, server } = await mortalServer()
    await new Promise((resolve) => server.close(resolve))
    const file = join(mkdtempSync(join(tmpdir(), 'liveness-')), 'target-stopped.json')
    const error = await apiOn(file)
      .send(get(`${base}/alice`))
      .catch((e: unknown) => e)
    assert.match(String(error), /ECONNREFUSED/)
    assert.equal(existsSync(file), false)
  })
})

test("Playwright's retry after a dropped connection is a drop, and its call log stays out of the reason", async () => {
  const liveness = new TargetLiveness(join(mkdtempSync(join(tmpdir(), 'liveness-')), 'target-stopped.json'))
  liveness.answered('http://127.0.0.1:1/alice', 'GET http://127.0.0.1:1/alice (get-wallet-address)')
  const retried = new Error(
    'apiRequestContext.fetch: Failed after 2 attempt(s): Error: connect ECONNREFUSED 127.0.0.1:1\nCall log:\n' +
      '\u001b[2m    - authorization: GNAP secret-token\u001b[22m\n\u001b[2m    - Received ECONNRESET, will retry after 250ms.\u001b[22m',
  )
  const request = 'POST http://127.0.0.1:1/incoming-payments (create-incoming-payment, invalid input)'
  const lost = await liveness.lost(
    'http://127.0.0.1:1/incoming-payments',
    request,
    retried,
    async () => false,
  )
  assert.match(lost?.dropped ?? '', /^POST .*: the target closed the connection without an answer/)
  assert.match(lost?.reason ?? '', /^the target stopped answering after POST .*incoming-payments/)
  assert.doesNotMatch(`${lost?.reason} ${lost?.dropped}`, /secret-token|Call log/)
})

describe('a test that meets the stopped target', () => {
  /** The parts of a TestInfo these functions use; skip() throws as Playwright's does. */
  function fakeTest() {
    const info = {
      errors: [{ message: '[IP-CREATE] a failure of its own, before the stop' }] as { message?: string }[],
      annotations: [{ type: 'observation', description: 'before' }] as {
        type: string
        description?: string
      }[],
      status: 'passed' as string,
      skip: (_condition: boolean, reason: string) => {
        info.annotations.push({ type: 'skip', description: reason })
        throw new Error(`Test is skipped: ${reason}`)
      },
    }
    return info
  }

  test('keeps what it saw before the stop and drops what failed after it, a poll that timed out say', () => {
    const info = fakeTest()
    assert.throws(
      () => skipAsStopped(info as never, 'the target stopped answering after X'),
      /Test is skipped/,
    )
    // A poll swallowed the skip, retried, and failed with a rule's message; its check recorded a failure.
    info.errors.push({ message: '[IP-COMPLETE-ON-RECEIPT] receivedAmount reaches 100\nTimeout 30000ms' })
    info.annotations.push({ type: 'observation', description: 'after' })
    info.status = 'failed'
    settleAfterStop(info as never)
    assert.deepEqual(
      info.errors.map((e) => e.message),
      ['[IP-CREATE] a failure of its own, before the stop'],
    )
    assert.deepEqual(
      info.annotations.filter((a) => a.type === 'observation').map((a) => a.description),
      ['before'],
    )
    assert.match(
      info.annotations.find((a) => a.type === 'failed after the target stopped')?.description ?? '',
      /^\[IP-COMPLETE-ON-RECEIPT\] receivedAmount reaches 100$/,
    )
    assert.equal(info.status, 'failed')
  })

  test('a test with no failure of its own before the stop ends skipped', () => {
    const info = fakeTest()
    info.errors = []
    assert.throws(() => skipAsStopped(info as never, 'the target stopped answering after X'))
    info.errors.push({ message: '[OP-SETTLE] timed out' })
    info.status = 'timedOut'
    settleAfterStop(info as never)
    assert.deepEqual({ errors: info.errors, status: info.status }, { errors: [], status: 'skipped' })
  })
})
