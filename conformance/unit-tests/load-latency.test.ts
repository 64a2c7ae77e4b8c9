import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { percentile, summarizeLatencies } from '../load/latency.ts'

const samplesArb = fc.array(fc.double({ min: 0, max: 10_000, noNaN: true }), { minLength: 1, maxLength: 200 })
const percentArb = fc.double({ min: 0.001, max: 100, noNaN: true })
const sorted = (samples: number[]) => [...samples].sort((a, b) => a - b)

describe('load latency percentiles (nearest rank)', () => {
  test('known values', () => {
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert.deepEqual(
      [50, 90, 99, 100, 1].map((p) => percentile(ten, p)),
      [5, 9, 10, 10, 1],
    )
    assert.equal(percentile([42], 99), 42)
  })

  test('the percentile is a sample that at least p percent of the samples do not exceed', () => {
    fc.assert(
      fc.property(samplesArb, percentArb, (samples, p) => {
        const value = percentile(sorted(samples), p)
        const notAbove = samples.filter((sample) => sample <= value).length
        return samples.includes(value) && notAbove >= (p / 100) * samples.length
      }),
    )
  })

  test('it is the smallest such sample', () => {
    fc.assert(
      fc.property(samplesArb, percentArb, (samples, p) => {
        const value = percentile(sorted(samples), p)
        const below = samples.filter((sample) => sample < value).length
        return below < (p / 100) * samples.length
      }),
    )
  })

  test('no samples, or a percentile outside (0, 100], is refused', () => {
    assert.throws(() => percentile([], 50), RangeError)
    assert.throws(() => percentile([1], 0), RangeError)
    assert.throws(() => percentile([1], 101), RangeError)
  })

  test('the summary sorts the samples, rounds to 0.1 ms, and is undefined without samples', () => {
    assert.deepEqual(summarizeLatencies([3.04, 1, 2, 100.26]), { p50: 2, p90: 100.3, p99: 100.3, max: 100.3 })
    assert.equal(summarizeLatencies([]), undefined)
  })
})
