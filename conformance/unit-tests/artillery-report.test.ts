import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { operationResultOf } from '../load/artillery/artillery-report.ts'
import { artilleryScript } from '../load/artillery/artillery-script.ts'

const summary = (count: number, p50: number, max = p50 * 3) => ({
  count,
  p50,
  p90: p50 * 2,
  p99: p50 * 2.5,
  max,
})

describe("Artillery's report read back as the load loop's result", () => {
  test('right iterations, errors by label, findings, requests, and per-request CPU from the counters', () => {
    const result = operationResultOf('create-outgoing-payment', {
      aggregate: {
        counters: {
          'bench.ok': 90,
          'bench.errors.201 GEN-SCHEMA (create-outgoing-payment)': 8,
          'errors.ECONNRESET': 2,
          'bench.findings.OAS-STRICT': 5,
          'bench.cpu_us': 400_000,
          'http.requests': 200,
        },
        summaries: {
          'bench.latency': summary(90, 4.04),
          'bench.active_ms': { count: 4, p50: 9000, p90: 9900, p99: 10_000, max: 10_000 },
          'bench.request.create-quote': summary(100, 3),
          'bench.request.create-outgoing-payment': summary(100, 4),
        },
      },
    })
    assert.deepEqual([result.iterations, result.ok, result.elapsedS, result.throughput], [100, 90, 10, 9])
    assert.deepEqual(result.errors, {
      '201 GEN-SCHEMA (create-outgoing-payment)': 8,
      'failed (ECONNRESET)': 2,
    })
    assert.deepEqual(result.findings, { 'OAS-STRICT': 5 })
    assert.deepEqual(result.latencyMs, { p50: 4, p90: 8.1, p99: 10.1, max: 12.1 })
    assert.equal(result.requests['create-quote']?.count, 100)
    assert.deepEqual([result.benchCpuMsPerIteration, result.benchCpuMsPerRequest], [4, 2])
  })

  test('a run with no right iteration has no latency and no throughput', () => {
    const result = operationResultOf('flow', {
      aggregate: { counters: { 'bench.errors.403 (post-grant)': 3 } },
    })
    assert.deepEqual(
      [result.ok, result.iterations, result.throughput, result.latencyMs],
      [0, 3, 0, undefined],
    )
  })
})

describe('the Artillery script of an operation', () => {
  test("concurrency users arrive at once and loop until the duration is over, each request through the suite's hooks", () => {
    const script = artilleryScript({
      operation: 'create-outgoing-payment',
      concurrency: 4,
      durationS: 7,
      includeFiles: ['target.json'],
      origin: 'http://x',
    })
    const config = script.config as Record<string, unknown>
    assert.deepEqual(config.phases, [{ name: 'create-outgoing-payment', duration: 1, arrivalCount: 4 }])
    assert.deepEqual(config.variables, { operation: 'create-outgoing-payment', durationS: 7 })
    assert.deepEqual(config.includeFiles, ['./target.json'])
    const [scenario] = script.scenarios as {
      flow: { loop?: Record<string, unknown>[]; whileTrue?: string }[]
    }[]
    const loop = scenario!.flow[0]!
    assert.equal(loop.whileTrue, 'withinDuration')
    assert.deepEqual(
      loop.loop!.map((step) => step.function ?? Object.values(step)[0]),
      [
        'beginIteration',
        {
          url: '/createQuote',
          name: 'createQuote',
          beforeRequest: 'createQuote',
          afterResponse: 'checkAnswer',
          ifTrue: 'iterationOk',
          followRedirect: false,
        },
        {
          url: '/createOutgoingPayment',
          name: 'createOutgoingPayment',
          beforeRequest: 'createOutgoingPayment',
          afterResponse: 'checkAnswer',
          ifTrue: 'iterationOk',
          followRedirect: false,
        },
        'endIteration',
      ],
    )
  })
})
