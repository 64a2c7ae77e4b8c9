/**
 * ISO 8601 repeating intervals as outgoing-payment grant limits use them: `R<n>/<start>/<duration>` or
 * `R/<start>/<duration>`. Read the way Rafiki reads them: `R<n>` is the first interval plus n repetitions
 * (n + 1 intervals), `R` repeats forever, each interval is half-open [start, end) and starts where the
 * previous one ended, and calendar arithmetic happens in UTC (so P1M from Jan 31 ends on the last day of
 * February, and the next interval starts there).
 */

export interface IsoDuration {
  years: number
  months: number
  weeks: number
  days: number
  hours: number
  minutes: number
  /** May carry a fraction, kept to the millisecond. */
  seconds: number
}

export interface RepeatingInterval {
  /** Number of intervals, or Infinity for `R`. */
  count: number
  start: Date
  duration: IsoDuration
}

export interface TimeSpan {
  start: Date
  /** Exclusive. */
  end: Date
}

export type IntervalParseResult = { ok: true; interval: RepeatingInterval } | { ok: false; reason: string }

const REPETITIONS = /^R(\d*)$/
// Extended format; a missing offset means UTC, as in Rafiki.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?$/
const DURATION =
  /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:[.,]\d{1,3})?)S)?)?$/
const MAX_REPETITIONS = 1_000_000
const MAX_COMPONENT = 100_000

export function parseRepeatingInterval(value: string): IntervalParseResult {
  const parts = value.split('/')
  if (parts.length !== 3) {
    return fail(`"${value}" is not R<n>/<start>/<duration> (an ISO 8601 repeating interval)`)
  }
  const [repetitions = '', startText = '', durationText = ''] = parts
  const repeat = REPETITIONS.exec(repetitions)
  if (repeat === null) return fail(`the repetition part "${repetitions}" must be R or R<n> with n >= 0`)
  const n = repeat[1] === '' ? Number.POSITIVE_INFINITY : Number(repeat[1])
  if (Number.isFinite(n) && n > MAX_REPETITIONS)
    return fail(`at most ${MAX_REPETITIONS} repetitions are supported`)
  const start = parseDateTime(startText)
  if (start === undefined) {
    return fail(`the start "${startText}" must be an ISO 8601 date-time such as 2024-01-01T00:00:00Z`)
  }
  const duration = parseDuration(durationText)
  if (duration === undefined) {
    return fail(`the duration "${durationText}" must be a non-zero ISO 8601 duration such as P1M or PT1H`)
  }
  return { ok: true, interval: { count: n + 1, start, duration } }
}

/** The interval containing `at`, or undefined when `at` is before the first or after the last one. */
export function intervalAt(interval: RepeatingInterval, at: Date): TimeSpan | undefined {
  const time = at.getTime()
  const first = interval.start.getTime()
  if (time < first) return undefined
  const fixed = fixedLengthMs(interval.duration)
  if (fixed !== undefined) {
    const index = Math.floor((time - first) / fixed)
    if (index >= interval.count) return undefined
    return { start: new Date(first + index * fixed), end: new Date(first + (index + 1) * fixed) }
  }
  // Months and years vary in length, and each interval starts where the previous one ended (day-of-month
  // clamping carries over), so they are walked one by one: a month-long step keeps this short.
  let start = interval.start
  for (let index = 0; index < interval.count; index++) {
    const end = addDuration(start, interval.duration)
    if (Number.isNaN(end.getTime())) return undefined
    if (time < end.getTime()) return { start, end }
    start = end
  }
  return undefined
}

/** Parses `value` and returns the interval containing `at`; undefined also when `value` is invalid. */
export function currentInterval(value: string, at: Date): TimeSpan | undefined {
  const parsed = parseRepeatingInterval(value)
  return parsed.ok ? intervalAt(parsed.interval, at) : undefined
}

function addDuration(date: Date, duration: IsoDuration): Date {
  const shifted = new Date(date.getTime())
  if (duration.years !== 0 || duration.months !== 0) {
    const day = shifted.getUTCDate()
    shifted.setUTCDate(1)
    shifted.setUTCMonth(shifted.getUTCMonth() + duration.years * 12 + duration.months)
    shifted.setUTCDate(Math.min(day, daysInMonth(shifted.getUTCFullYear(), shifted.getUTCMonth())))
  }
  return new Date(shifted.getTime() + (fixedLengthMs({ ...duration, years: 0, months: 0 }) ?? 0))
}

function fixedLengthMs(duration: IsoDuration): number | undefined {
  if (duration.years !== 0 || duration.months !== 0) return undefined
  const days = duration.weeks * 7 + duration.days
  return Math.round((((days * 24 + duration.hours) * 60 + duration.minutes) * 60 + duration.seconds) * 1000)
}

function parseDateTime(value: string): Date | undefined {
  const match = DATE_TIME.exec(value)
  if (match === null) return undefined
  const [, year, month, day, hour, minute, second = '0', fraction = '', offset = 'Z'] = match
  const fields = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const [y, mo, d, h, mi, s] = fields
  // Years below 1000 would hit Date.UTC's two-digit-year mapping; no grant starts that early.
  if (y < 1000 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo - 1) || h > 23 || mi > 59 || s > 59) {
    return undefined
  }
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3))
  const local = Date.UTC(y, mo - 1, d, h, mi, s, ms)
  return new Date(local - offsetMinutes(offset) * 60_000)
}

function offsetMinutes(offset: string): number {
  if (offset === 'Z') return 0
  const sign = offset.startsWith('-') ? -1 : 1
  return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)))
}

function parseDuration(value: string): IsoDuration | undefined {
  const match = DURATION.exec(value)
  if (match === null || value === 'P' || value.endsWith('T')) return undefined
  const [years, months, weeks, days, hours, minutes] = match.slice(1, 7).map((part) => Number(part ?? 0))
  const seconds = Number((match[7] ?? '0').replace(',', '.'))
  const duration: IsoDuration = {
    years: years ?? 0,
    months: months ?? 0,
    weeks: weeks ?? 0,
    days: days ?? 0,
    hours: hours ?? 0,
    minutes: minutes ?? 0,
    seconds,
  }
  const components = Object.values(duration)
  if (components.every((component) => component === 0)) return undefined
  // Bounds keep every date computed from the interval within what Date can represent.
  if (components.some((component) => component > MAX_COMPONENT)) return undefined
  return duration
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
}

function fail(reason: string): IntervalParseResult {
  return { ok: false, reason }
}
