import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  countedCapMs,
  countedRequestMs,
  MAX_COUNTED_MS,
  recordRequestTime,
  recordTargetTime,
  typicalRequestMs,
} from '../harness/time/request-time.ts'

test('an answer counts its time up to MAX_COUNTED_MS, and is one of the typical request times', () => {
  const before = countedRequestMs()
  recordRequestTime(300)
  recordRequestTime(MAX_COUNTED_MS * 5)
  assert.equal(countedRequestMs() - before, 300 + MAX_COUNTED_MS)
  assert.ok(typicalRequestMs() >= 300)
})

test("the target's own waits (a continue.wait, its consent pages) count up to their cap, never as an answer's time", () => {
  const before = countedRequestMs()
  const typical = typicalRequestMs()
  recordTargetTime(5_000, 5_000)
  recordTargetTime(30_000, 10_000)
  recordTargetTime(-5, 10_000)
  assert.equal(countedRequestMs() - before, 15_000)
  assert.equal(typicalRequestMs(), typical)
})

test('at a target whose answers all take seconds, each answer counts whole, up to twice the usual one', () => {
  // A worker's answers from a target answering 1 to 4 s late: the usual answer is 2.5 s.
  for (let i = 0; i < 50; i++) recordRequestTime(1_000 + (i % 4) * 1_000)
  assert.equal(countedCapMs(), 2 * typicalRequestMs())
  const before = countedRequestMs()
  recordRequestTime(4_000)
  assert.equal(countedRequestMs() - before, 4_000, 'a 4 s answer is this target’s latency')
  recordRequestTime(60_000)
  assert.equal(
    countedRequestMs() - before,
    4_000 + 2 * typicalRequestMs(),
    'a stalled one counts twice the usual',
  )
})
