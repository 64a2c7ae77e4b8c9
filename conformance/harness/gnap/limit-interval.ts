import { test } from '@playwright/test'
import type { Exchange } from '../../../clients/src/index.ts'
import { declaresGrantInterval, grantIntervalSeconds, runTarget, SETTINGS } from '../target/ase-settings.ts'
import { typicalRequestMs } from '../time/request-time.ts'
import { sleep } from '../time/server-time.ts'

/** The interval near by: a few answers fit in one, and the next comes soon. */
const NEAR_INTERVAL_SECONDS = 5
/**
 * The most answers a timed step makes inside one interval (the spent-amounts check: a reading, the payment, its
 * settlement read back, a reading, a clock stamp). A check starts one with at least half an interval left.
 */
const ANSWERS_IN_INTERVAL = 5
/** The interval checks wait for two or three intervals to pass: longer ones are skipped, naming why. */
const LONGEST_INTERVAL_SECONDS = 60

/**
 * The interval's length in seconds: long enough for a timed step's answers, as this target answers them (the run
 * measures it: request-time.ts), in half of one, so that a boundary seldom falls between them; NEAR_INTERVAL_SECONDS
 * at a target near by, where the answers take milliseconds, and no shorter than the target's declared minimum. A
 * fixed 5 s interval at a target answering 1 to 4 s late left the LIM-INTERVAL check straddling every boundary.
 */
export function intervalSeconds(answerMs = typicalRequestMs(0), target = runTarget): number {
  const fitting = Math.ceil((2 * ANSWERS_IN_INTERVAL * answerMs) / 1000)
  return grantIntervalSeconds(Math.max(NEAR_INTERVAL_SECONDS, fitting), target)
}

// Rafiki reads R<n> as n + 1 intervals, ISO 8601 as n: with this many, both readings outlast any test.
const REPETITIONS = 1000
// The start lies this far back, so a target whose clock is behind ours still sees the intervals begun.
const START_BEFORE_MS = 60_000
// How far into an interval a timed step starts, and how far past its end the next one does, on the
// target's clock as estimated: covers the estimate's error.
const GUARD_MS = 400

/** An `interval` limit of short, fixed-length intervals whose boundaries the suite knows. */
export interface LimitInterval {
  /** `R<n>/<start>/PT<d>S`, as the grant request carries it. */
  value: string
  startMs: number
  durationMs: number
}

export function limitInterval(now = Date.now(), answerMs = typicalRequestMs(0)): LimitInterval {
  const seconds = intervalSeconds(answerMs)
  test.skip(
    seconds > LONGEST_INTERVAL_SECONDS,
    seconds === grantIntervalSeconds(0)
      ? `the target's minimum interval (${SETTINGS.grantInterval}) is ${seconds} s; the interval checks ` +
          `wait for intervals of at most ${LONGEST_INTERVAL_SECONDS} s to pass: a target that accepts such an ` +
          `interval (and says so in ${SETTINGS.grantInterval}) completes them`
      : `the target answers in about ${(answerMs / 1000).toFixed(1)} s: an interval holding ${ANSWERS_IN_INTERVAL} answers ` +
          `in half of it would be ${seconds} s, and the interval checks wait for intervals of at most ` +
          `${LONGEST_INTERVAL_SECONDS} s to pass: a target that answers faster completes them`,
  )
  // Whole seconds, the plainest ISO 8601 date-time every parser reads.
  const startMs = Math.floor((now - START_BEFORE_MS) / 1000) * 1000
  const start = new Date(startMs).toISOString().replace('.000Z', 'Z')
  return {
    value: `R${REPETITIONS}/${start}/PT${seconds}S`,
    startMs,
    durationMs: seconds * 1000,
  }
}

/**
 * A minimum interval is the ASE's business: a 400 to a grant with a short interval, from a target whose file
 * declares no minimum, skips the check that needed it, naming the setting that lets it run.
 */
export function skipIfIntervalRefused(exchange: Exchange, interval: string): void {
  test.skip(
    exchange.response.status === 400 && !declaresGrantInterval(),
    `the target refused a grant whose limits have the interval ${interval} (400), which a minimum interval ` +
      `allows; set ${SETTINGS.grantInterval} in the target file for the suite to ask for that much`,
  )
}

/** Reads the target's clock: the createdAt (epoch ms) of something it creates now. */
export type ServerStamp = () => Promise<number>

/**
 * Which interval the target is in. The target puts a payment in the interval of its own clock, which may be
 * off ours, so the clock is estimated from createdAt stamps, and every timed step is checked afterwards with
 * another stamp (`currentIndex`).
 */
export class IntervalClock {
  #offsetMs = 0

  private constructor(
    readonly interval: LimitInterval,
    private readonly stamp: ServerStamp,
  ) {}

  static async start(interval: LimitInterval, stamp: ServerStamp): Promise<IntervalClock> {
    const clock = new IntervalClock(interval, stamp)
    await clock.#read()
    return clock
  }

  indexAt(serverMs: number): number {
    return Math.floor((serverMs - this.interval.startMs) / this.interval.durationMs)
  }

  /** The interval the target is in now, read from a fresh stamp. */
  async currentIndex(): Promise<number> {
    return this.indexAt(await this.#read())
  }

  /**
   * Waits until the target has just entered an interval after `after` (any, when undefined) with at least
   * `roomMs` of it left, and returns its index.
   */
  async freshInterval(roomMs: number, after?: number): Promise<number> {
    for (;;) {
      const now = Date.now() + this.#offsetMs
      const index = this.indexAt(now)
      const start = this.interval.startMs + index * this.interval.durationMs
      const end = start + this.interval.durationMs
      const isLater = after === undefined || index > after
      const early = now - start < GUARD_MS
      if (isLater && !early && end - now >= roomMs) return index
      await sleep((isLater && early ? start : end) + GUARD_MS - now)
    }
  }

  /** Waits until the target's clock has left interval `index`; returns the index it is in by then. */
  async after(index: number): Promise<number> {
    for (;;) {
      await this.freshInterval(0, index)
      const reached = await this.currentIndex()
      if (reached > index) return reached
    }
  }

  /**
   * A stamp, which also corrects the estimate of the target's clock: when its answer arrived, the target's clock
   * read at least the stamp, and the estimate is that bound, never ahead of the target (a step it starts is in
   * the interval it chose or a later one, which `touched` shows). The middle of the stamp's request and answer
   * was ahead whenever the request waited in the suite before it left (4 s once, at a target answering 1 to 4 s
   * late: 1.4 s ahead), and a payment the check placed in a fresh interval landed in the one before.
   */
  async #read(): Promise<number> {
    const stampedAt = await this.stamp()
    this.#offsetMs = stampedAt - Date.now()
    return stampedAt
  }
}
