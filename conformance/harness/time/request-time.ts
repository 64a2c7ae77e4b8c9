import { runningTest } from './test-clock.ts'

/**
 * The time this worker spends waiting for the target's answers, as the run measures it. Budgets and timeouts are
 * set for a target on the same quiet machine; a remote target (200 ms per answer) or a loaded machine makes every
 * answer slower, and a fixed budget would then cost coverage (fewer property runs) or a timeout that blames the
 * test. So the time the target's answers take is added to the running test's timeout and to a property's search
 * time (run-property.ts), each answer counted up to `countedCapMs()`: the target's usual answer time is its
 * latency, however far away it is; one answer far beyond it is the target's slowness there, and spends the
 * test's own time (a target that stalls runs out of it, and the run says so: the suite's limit, never the
 * server's fault).
 */

/** The most one answer adds to a test's time near by: beyond it, the wait is the target's slowness, not latency. */
export const MAX_COUNTED_MS = 2_000

/**
 * How much of one answer counts: MAX_COUNTED_MS, or twice the target's typical answer where that is longer. A
 * target whose every answer takes seconds (far away, or the reference server answering 1 to 4 s late) is that far
 * throughout: with a fixed 2 s, its answers of 3 and 4 s spent the tests' own time, and four property searches of
 * seven ended below their certification minimum.
 */
export function countedCapMs(): number {
  return Math.max(MAX_COUNTED_MS, 2 * typicalRequestMs(0))
}

/** How many of the latest answers `typicalRequestMs` reads. */
const RECENT = 50

let counted = 0
const recent: number[] = []

/** The most one consent page flow adds: a browser on the target's pages, a few page loads and clicks. */
export const MAX_COUNTED_CONSENT_MS = 10_000

/** Called for each answer (ConformanceApi): counts it (up to countedCapMs), and gives the running test that time. */
export function recordRequestTime(ms: number): void {
  // Read before this answer joins them: the answers so far say what is usual for this target.
  const cap = countedCapMs()
  recent.push(ms)
  if (recent.length > RECENT) recent.shift()
  recordTargetTime(ms, cap)
}

/**
 * Time the target takes other than in one answer, counted as its answers are, up to `capMs`: the continuation
 * wait its authorization server asks for (bounded by waits.continueSeconds), its consent pages. A property whose
 * runs each obtain a grant with consent spends most of its time there: uncounted, a target 5 s `continue.wait`
 * away did 3 of its 8 runs.
 */
export function recordTargetTime(ms: number, capMs: number): void {
  const added = Math.min(Math.max(0, ms), capMs)
  counted += added
  const info = runningTest()
  if (info && info.timeout > 0) info.setTimeout(info.timeout + added)
}

/** The time counted so far in this worker (each answer up to MAX_COUNTED_MS): differences of it measure a span. */
export function countedRequestMs(): number {
  return counted
}

/** The median of the latest answers' times, or `fallback` before any: how long the next request may take. */
export function typicalRequestMs(fallback = 50): number {
  if (recent.length === 0) return fallback
  const sorted = [...recent].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}
