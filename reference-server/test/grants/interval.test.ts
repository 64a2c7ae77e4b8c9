import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { currentInterval, intervalAt, parseRepeatingInterval } from '../../src/grants/interval.ts'

const at = (iso: string) => new Date(iso)
const span = (value: string, time: string) => {
  const found = currentInterval(value, at(time))
  return found === undefined ? undefined : [found.start.toISOString(), found.end.toISOString()]
}

describe('parseRepeatingInterval', () => {
  it('reads Rn as n + 1 intervals and R as endless', () => {
    const parsed = parseRepeatingInterval('R2/2022-07-01T13:00:00Z/P1M')
    assert.ok(parsed.ok)
    assert.equal(parsed.interval.count, 3)
    assert.equal(parsed.interval.start.toISOString(), '2022-07-01T13:00:00.000Z')
    assert.deepEqual(parsed.interval.duration, {
      years: 0,
      months: 1,
      weeks: 0,
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    })
    const endless = parseRepeatingInterval('R/2022-07-01T13:00:00+02:00/PT1H30M')
    assert.ok(endless.ok)
    assert.equal(endless.interval.count, Number.POSITIVE_INFINITY)
    assert.equal(endless.interval.start.toISOString(), '2022-07-01T11:00:00.000Z')
  })

  for (const [value, reason] of [
    ['', 'not three parts'],
    ['R1/2022-07-01T13:00:00Z', 'no duration'],
    ['X1/2022-07-01T13:00:00Z/P1D', 'bad repetition'],
    ['R-1/2022-07-01T13:00:00Z/P1D', 'negative repetition'],
    ['R1.5/2022-07-01T13:00:00Z/P1D', 'fractional repetition'],
    ['R1/2022-02-30T13:00:00Z/P1D', 'no such day'],
    ['R1/2022-07-01/P1D', 'date without time'],
    ['R1/2022-07-01T25:00:00Z/P1D', 'hour 25'],
    ['R1/2022-07-01T13:00:00Z/P', 'empty duration'],
    ['R1/2022-07-01T13:00:00Z/PT', 'empty time part'],
    ['R1/2022-07-01T13:00:00Z/P0D', 'zero duration'],
    ['R1/2022-07-01T13:00:00Z/1D', 'no P'],
    ['R1/2022-07-01T13:00:00Z/2022-08-01T13:00:00Z', 'start and end'],
    ['R1/P1M/2022-07-01T13:00:00Z', 'duration and end'],
    ['R1/2022-07-01T13:00:00Z/P1.5M', 'fractional month'],
  ]) {
    it(`refuses ${reason}: "${value}"`, () => {
      const parsed = parseRepeatingInterval(value as string)
      assert.equal(parsed.ok, false)
      assert.ok(!parsed.ok && parsed.reason.length > 0)
    })
  }
})

describe('currentInterval', () => {
  it('finds the half-open interval containing a time, as Rafiki does', () => {
    const value = 'R2/2022-07-01T13:00:00Z/P1M'
    assert.equal(span(value, '2022-07-01T12:59:59Z'), undefined, 'before the start')
    assert.deepEqual(span(value, '2022-07-01T13:00:00Z'), [
      '2022-07-01T13:00:00.000Z',
      '2022-08-01T13:00:00.000Z',
    ])
    assert.deepEqual(span(value, '2022-08-01T13:00:00Z'), [
      '2022-08-01T13:00:00.000Z',
      '2022-09-01T13:00:00.000Z',
    ])
    assert.deepEqual(span(value, '2022-09-15T00:00:00Z'), [
      '2022-09-01T13:00:00.000Z',
      '2022-10-01T13:00:00.000Z',
    ])
    assert.equal(span(value, '2022-10-01T13:00:00Z'), undefined, 'R2 means three intervals, then none')
  })

  it('treats R0 as the first interval alone', () => {
    assert.deepEqual(span('R0/2022-01-01T00:00:00Z/P1D', '2022-01-01T12:00:00Z'), [
      '2022-01-01T00:00:00.000Z',
      '2022-01-02T00:00:00.000Z',
    ])
    assert.equal(span('R0/2022-01-01T00:00:00Z/P1D', '2022-01-02T00:00:00Z'), undefined)
  })

  it('starts each month where the previous one ended, clamping to the end of the month', () => {
    const value = 'R/2024-01-31T00:00:00Z/P1M'
    assert.deepEqual(span(value, '2024-02-10T00:00:00Z'), [
      '2024-01-31T00:00:00.000Z',
      '2024-02-29T00:00:00.000Z',
    ])
    assert.deepEqual(span(value, '2024-03-10T00:00:00Z'), [
      '2024-02-29T00:00:00.000Z',
      '2024-03-29T00:00:00.000Z',
    ])
  })

  it('repeats forever with R, far into the future', () => {
    assert.deepEqual(span('R/2000-01-01T00:00:00Z/P1Y', '2999-06-01T00:00:00Z'), [
      '2999-01-01T00:00:00.000Z',
      '3000-01-01T00:00:00.000Z',
    ])
    assert.deepEqual(span('R/2000-01-01T00:00:00Z/PT1S', '2026-01-01T00:00:00.500Z'), [
      '2026-01-01T00:00:00.000Z',
      '2026-01-01T00:00:01.000Z',
    ])
  })

  it('handles offsets, weeks, mixed and fractional durations', () => {
    assert.deepEqual(span('R1/2024-01-01T00:00:00-05:00/P1W', '2024-01-09T00:00:00Z'), [
      '2024-01-08T05:00:00.000Z',
      '2024-01-15T05:00:00.000Z',
    ])
    assert.deepEqual(span('R/2024-01-01T00:00:00Z/P1DT12H', '2024-01-02T13:00:00Z'), [
      '2024-01-02T12:00:00.000Z',
      '2024-01-04T00:00:00.000Z',
    ])
    assert.deepEqual(span('R/2024-01-01T00:00:00Z/PT0.5S', '2024-01-01T00:00:01.200Z'), [
      '2024-01-01T00:00:01.000Z',
      '2024-01-01T00:00:01.500Z',
    ])
  })

  it('returns undefined for an invalid interval', () => {
    assert.equal(currentInterval('not an interval', new Date()), undefined)
  })

  it('always returns an interval that contains the time, and consecutive ones touch (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2030-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.constantFrom('P1M', 'P1D', 'PT1H', 'P1Y2M', 'P1W', 'P1MT1H'),
        (start, offsetSeconds, duration) => {
          const parsed = parseRepeatingInterval(`R/${start.toISOString()}/${duration}`)
          assert.ok(parsed.ok)
          const time = new Date(start.getTime() + offsetSeconds * 1000)
          const found = intervalAt(parsed.interval, time)
          assert.ok(found)
          assert.ok(found.start <= time && time < found.end)
          const next = intervalAt(parsed.interval, found.end)
          assert.equal(next?.start.getTime(), found.end.getTime())
        },
      ),
      { numRuns: 200 },
    )
  })
})
