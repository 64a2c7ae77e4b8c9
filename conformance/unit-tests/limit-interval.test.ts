import assert from 'node:assert/strict'
import { test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { IntervalClock, intervalSeconds } from '../harness/gnap/limit-interval.ts'
import type { TargetFile } from '../harness/target/target-file.ts'

test('a limit interval holds a timed step’s answers in half of it, as the target answers them', () => {
  assert.equal(intervalSeconds(0), 5, 'before any answer: the near interval')
  assert.equal(intervalSeconds(200), 5, '200 ms away: still 5 s')
  // A target answering 1 to 4 s late (a typical answer of 2.5 s): five answers fit in half of 25 s.
  assert.equal(intervalSeconds(2_500), 25)
})

test('a limit interval is never shorter than the target’s declared minimum', () => {
  const target = { grants: { minimumIntervalSeconds: 40 } } as TargetFile
  assert.equal(intervalSeconds(0, target), 40)
  assert.equal(intervalSeconds(5_000, target), 50)
})

test('the interval clock is never ahead of the target, however long a stamp waits before its request leaves', async () => {
  const interval = { value: '', startMs: Math.floor(Date.now() / 1000) * 1000 - 60_000, durationMs: 1_000 }
  // The target stamps the request as it arrives, 2 s after the stamp was asked for, and answers at once.
  const clock = await IntervalClock.start(interval, async () => {
    await sleep(2_000)
    return Date.now()
  })
  const index = await clock.freshInterval(0)
  assert.ok(clock.indexAt(Date.now()) >= index, 'the interval chosen has begun on the target')
})
