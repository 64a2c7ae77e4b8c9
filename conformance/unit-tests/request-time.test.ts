import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
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
