import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { summariseLatency } from '../src/latency.ts'

describe('latency per operation', () => {
  test("merges every test's times and takes nearest-rank percentiles", () => {
    const times = Array.from({ length: 20 }, (_, i) => i + 1)
    const summary = summariseLatency([
      { 'create-quote': times.slice(0, 10) },
      { 'create-quote': times.slice(10), 'get-quote': [7] },
    ])
    assert.deepEqual(summary, [
      { operationId: 'create-quote', count: 20, p50: 10, p95: 19, max: 20 },
      { operationId: 'get-quote', count: 1, p50: 7, p95: 7, max: 7 },
    ])
  })

  test('no request, no row', () => {
    assert.deepEqual(summariseLatency([]), [])
  })
})
