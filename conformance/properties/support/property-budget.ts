import { foundationWaitMs } from '../../harness/foundations/foundation-plan.ts'
import { settlementTimeoutMs } from '../../harness/target/ase-settings.ts'
import { countedRequestMs } from '../../harness/time/request-time.ts'

/**
 * How much searching a property does. Two profiles: `quick` (OP_FC_PROFILE=quick) for local work, and the
 * certification default with full counts; OP_FC_RUNS multiplies either. Each property also stops searching
 * after a time limit, well inside its Playwright timeout, so a slow target costs coverage, not a timeout. The time
 * limit is the suite's own time: the time the target's answers take is added to it (harness/time/request-time.ts),
 * up to STRETCH times the limit, so a remote target or a loaded machine gets the same runs as a quiet loopback;
 * past that, a certification-profile search below its minimum goes on while its test has time for a run
 * (run-property.ts). One that still ends below its minimum is no certification-profile run: the verdict says so.
 */

export type Profile = 'quick' | 'full'

export interface Budget {
  /** Runs under the certification profile, before OP_FC_RUNS. */
  numRuns: number
  /** fast-check stops drawing new runs after this many milliseconds (the runs done still count). */
  timeLimitMs: number
  /**
   * The longest one run may take, DEFAULT_RUN_MS unless said: the run in progress at the time limit goes on to
   * its end before the search is stopped (stopAfterMs), inside the test's timeout.
   */
  runMs?: number
  /**
   * How many payments one run may wait to see settle, one after another: each may take as long as the target
   * declares (waits.settlementSeconds), so a run's time follows the target, not a fixed guess.
   */
  settlements?: number
  /**
   * The fewest runs (before OP_FC_RUNS) a certification-profile search must do to count as one: fewer, and the
   * verdict is INCOMPLETE (reports/src/verdict.ts). MINIMUM_SHARE of numRuns unless said.
   */
  minimumRuns?: number
}

/**
 * A search may wait this many times its time limit for the target's answers, on top of the limit: 300
 * malformed-input runs of two requests each 200 ms away need about 8 (measured on a loaded 2-core machine: at 4
 * they did 139); an answer later than request-time.ts counts spends the search's own time limit.
 */
export const STRETCH = 8
/** The share of its runs a search must do for the certification profile, unless the budget says. */
export const MINIMUM_SHARE = 0.5

/** Time for shrinking after the search's time limit and the run in progress then. */
export const SHRINK_MS = 20_000
const DEFAULT_RUN_MS = 10_000
/** The test's fixtures before the search (grants, consent) and the verdict after it. */
const FIXTURES_MS = 15_000

/** Under the quick profile a property does this share of its runs (at least one). */
const QUICK_SHARE = 0.25

export interface ResolvedBudget {
  profile: Profile
  numRuns: number
  timeLimitMs: number
  /** Runs below which the search is not the certification profile's. */
  minimumRuns: number
}

/** The budget a property gets in this environment; bad variables stop the run naming the variable. */
export function resolveBudget(budget: Budget, env: NodeJS.ProcessEnv = process.env): ResolvedBudget {
  const profile = profileFrom(env.OP_FC_PROFILE)
  const scale = scaleFrom(env.OP_FC_RUNS)
  const share = profile === 'quick' ? QUICK_SHARE : 1
  return {
    profile,
    numRuns: Math.max(1, Math.round(budget.numRuns * share * scale)),
    timeLimitMs: budget.timeLimitMs,
    minimumRuns: Math.max(1, Math.ceil(budget.minimumRuns ?? budget.numRuns * MINIMUM_SHARE)),
  }
}

function profileFrom(value: string | undefined): Profile {
  if (value === undefined || value === '' || value === 'full') return 'full'
  if (value === 'quick') return 'quick'
  throw new Error(`OP_FC_PROFILE must be "quick" or "full", not ${JSON.stringify(value)}`)
}

function scaleFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 1
  const scale = Number(value)
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new Error(
      `OP_FC_RUNS must be a positive number (a factor on every run count), not ${JSON.stringify(value)}`,
    )
  }
  return scale
}

/** The answer time STRETCH was measured at: the stretch the hard stop allows grows with the answer time past it. */
const STRETCH_ANSWER_MS = 200

/**
 * When the search is stopped however far it has got (fast-check's interruptAfterTimeLimit): the time limit and the
 * most it may be stretched by the target's answers, the run in progress then, and shrinking after a failure. The
 * stretch is STRETCH limits 200 ms away, and as many times more as the target's typical answer (`answerMs`, read
 * as the search starts) is longer: a search below its minimum goes on past its deadline (run-property.ts), and
 * at a target answering in seconds this stop must not end it first.
 */
export function stopAfterMs(budget: Budget, answerMs = 0): number {
  const stretch = STRETCH * Math.max(1, answerMs / STRETCH_ANSWER_MS)
  return budget.timeLimitMs * (1 + stretch) + runMsOf(budget) + SHRINK_MS
}

/**
 * When the search stops drawing new inputs, read before each run: `startedAt` plus the time limit plus the time
 * the target's answers have taken since `countedAtStart` (countedRequestMs), at most STRETCH times the limit, plus
 * the time its runs waited for the run's first stage (foundationWaitMs): the suite's own wait, never the search's.
 */
export function searchDeadline(
  timeLimitMs: number,
  startedAt = Date.now(),
  countedAtStart = countedRequestMs(),
  counted: () => number = countedRequestMs,
  { waitedAtStart = foundationWaitMs(), waited = foundationWaitMs } = {},
): () => number {
  return () =>
    startedAt +
    timeLimitMs +
    Math.min(STRETCH * timeLimitMs, Math.max(0, counted() - countedAtStart)) +
    (waited() - waitedAtStart)
}

/**
 * The test's timeout for a budget: the corpus's replays before the search (each a whole run, outside the search's
 * time limit), the search until it is stopped, and the test's fixtures around them. The time the target's
 * answers take is added as they come (request-time.ts), so the stretch is not counted here twice.
 */
export function timeoutFor(budget: Budget, replays: number): number {
  return replays * runMsOf(budget) + budget.timeLimitMs + runMsOf(budget) + SHRINK_MS + FIXTURES_MS
}

/** The longest one run of the budget may take: its own time and the settlements it may wait for. */
export function runMsOf(budget: Budget): number {
  return (budget.runMs ?? DEFAULT_RUN_MS) + (budget.settlements ?? 0) * settlementTimeoutMs()
}
