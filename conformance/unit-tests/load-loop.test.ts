import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Discovery } from '../harness/discovery/discovery.ts'
import { ResponseCheckError } from '../harness/http/response-checks.ts'
import { Routing } from '../harness/http/routing.ts'
import { runLoad } from '../load/load-loop.ts'
import { isLoopback, remoteServers } from '../load/loopback.ts'
import { describeFailure, FailedIteration } from '../load/outcome.ts'

describe('the load loop', () => {
  test('stops starting iterations at maxIterations, with at most `concurrency` in flight', async () => {
    let inFlight = 0
    let most = 0
    const run = await runLoad(
      { concurrency: 3, durationMs: 60_000, maxIterations: 10 },
      async () => {
        most = Math.max(most, ++inFlight)
        await sleep(5)
        inFlight--
      },
      String,
    )
    assert.deepEqual([run.samples.length, most], [10, 3])
  })

  test('stops starting iterations at the duration', async () => {
    const run = await runLoad(
      { concurrency: 2, durationMs: 50, maxIterations: 1_000_000 },
      () => sleep(10),
      String,
    )
    assert.ok(run.samples.length >= 2 && run.samples.length <= 14, String(run.samples.length))
    assert.ok(run.elapsedMs >= 50 && run.elapsedMs < 1000, String(run.elapsedMs))
  })

  test('times the measured step only, and records what went wrong', async () => {
    let n = 0
    const run = await runLoad(
      { concurrency: 1, durationMs: 60_000, maxIterations: 2 },
      async (measure) => {
        // Far longer than the measured step: a 1 ms sleep took 35 ms once on a loaded machine (npm test at load 5).
        await sleep(250)
        await measure(() => sleep(1))
        if (++n === 2) throw new Error('wrong')
      },
      (error) => (error as Error).message,
    )
    assert.deepEqual(
      run.samples.map((sample) => sample.error),
      [undefined, 'wrong'],
    )
    assert.ok(
      run.samples.every((sample) => sample.ms < 200),
      JSON.stringify(run.samples),
    )
  })
})

describe('what a wrong iteration is counted as', () => {
  const expectFailure = Object.assign(new Error('[IP-CREATE] creating an incoming payment: ...'), {
    matcherResult: {},
  })
  const cases: [string, unknown, string][] = [
    [
      'a wrong status',
      new FailedIteration(expectFailure, 403, 'create-incoming-payment'),
      '403 (create-incoming-payment)',
    ],
    [
      'a right status with a body that breaks a rule',
      new FailedIteration(
        new ResponseCheckError('[GEN-SCHEMA] create-quote -> 201: ...'),
        201,
        'create-quote',
      ),
      '201 GEN-SCHEMA (create-quote)',
    ],
    [
      'a server error',
      new FailedIteration(new ResponseCheckError('[IP-CREATE] ... server error'), 500, undefined),
      '500 IP-CREATE',
    ],
    [
      'a request that got no answer, after earlier ones did',
      new FailedIteration(new Error('fetch failed: ECONNREFUSED\nmore'), 201, 'create-quote'),
      'failed (fetch failed: ECONNREFUSED)',
    ],
  ]
  for (const [name, error, label] of cases) {
    test(name, () => assert.equal(describeFailure(error), label))
  }
})

describe('loopback only', () => {
  test('localhost, 127.0.0.0/8 and ::1 are this machine; anything else is not', () => {
    const local = ['http://localhost:3000/a', 'https://127.0.0.1/x', 'http://127.9.9.9', 'http://[::1]:80/']
    const remote = ['https://ase.example/a', 'http://10.0.0.1', 'http://128.0.0.1', 'http://[::2]/']
    assert.deepEqual(local.map(isLoopback), [true, true, true, true])
    assert.deepEqual(remote.map(isLoopback), [false, false, false, false])
  })

  test('servers are judged where the routes send them, each origin once', () => {
    const walletAddress = (id: string) => ({ id, resourceServer: id, authServer: `${id}/auth` })
    const discovery = {
      sender: walletAddress('https://ase.example/alice'),
      receiver: walletAddress('https://other.example/bob'),
    } as unknown as Discovery
    const routing = new Routing([{ identity: 'https://ase.example', transport: 'http://127.0.0.1:8080' }])
    assert.deepEqual(remoteServers(discovery, routing), ['https://other.example'])
  })
})
