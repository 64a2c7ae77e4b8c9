import type { TestDetails, TestInfo } from '@playwright/test'
import fc from 'fast-check'
import { covers } from '../../harness/rules/covers.ts'
import { PROPERTY_ANNOTATION, type PropertyRun } from '../../harness/rules/findings.ts'
import type { RuleId } from '../../harness/rules/registry.ts'
import { machineFactor } from '../../harness/time/machine-load.ts'
import { typicalRequestMs } from '../../harness/time/request-time.ts'
import { testElapsedMs, testTimeLeft } from '../../harness/time/test-clock.ts'
import { corpusFor } from './corpus.ts'
import {
  type Budget,
  resolveBudget,
  runMsOf,
  SHRINK_MS,
  searchDeadline,
  stopAfterMs,
  timeoutFor,
} from './property-budget.ts'
import { replayCommand } from './replay-command.ts'

export const PROPERTY_TAG = '@property'

/** The grep tag of one property: what the replay command selects. */
export function propertyTag(name: string): string {
  return `${PROPERTY_TAG}-${name}`
}

/** A property test's tags and annotations: @property, its own tag, and its rules (as covers() gives them). */
export function propertyDetails(name: string, ...rules: RuleId[]): TestDetails {
  const details = covers(...rules)
  return { ...details, tag: [PROPERTY_TAG, propertyTag(name), ...(details.tag as string[])] }
}

/**
 * Checks a property within its budget, and sets the test's timeout to fit it. Replays the corpus first, then either
 * the failure named by OP_FC_SEED and OP_FC_PATH or a new search (OP_FC_SEED alone fixes the search). The time
 * limit ends the search, not the shrinking: after it, no new input is tried unless one has failed, and shrinking is
 * stopped at stopAfterMs. A failure throws with the failing check's own message first (its `[RULE-ID]` must start a
 * line for the verdict to blame the right rule), then the seed, path, shrunk counterexample and the command that
 * replays it; the same goes to an attachment.
 */
export async function runProperty<Ts>(
  testInfo: TestInfo,
  name: string,
  arbitrary: fc.Arbitrary<Ts>,
  predicate: (value: Ts) => Promise<unknown>,
  budget: Budget,
): Promise<void> {
  // The search's time limit is set for a quiet machine: a busy one stretches it (machine-load.ts), so the same
  // runs are done wherever the suite runs.
  const machine = machineFactor()
  const stretched = { ...budget, timeLimitMs: budget.timeLimitMs * machine }
  const { numRuns, timeLimitMs, profile, minimumRuns } = resolveBudget(stretched)
  const seed = seedFromEnv()
  const corpus = corpusFor(name)
  // From now: the time the test's fixtures took (a wait for the run's first stage among it) is not the search's.
  testInfo.setTimeout(testElapsedMs() + timeoutFor(budget, corpus.length) * machine)
  for (const entry of corpus) {
    // Given a path, fast-check goes on from a value that passes to the next candidates of its shrink tree (a
    // hundred or more, each a full run): only the entry's own value is replayed.
    const replayed = bounded(arbitrary, predicate, Number.POSITIVE_INFINITY, 1)
    const replay = await fc.check(replayed.property, {
      seed: entry.seed,
      path: entry.path,
      // A path of one segment ("0") is a run index, from which fast-check would draw numRuns inputs. (A longer
      // path walks a shrink tree, whatever numRuns says: the bound above ends it after the entry's value.)
      numRuns: 1,
      endOnFailure: true,
    })
    // A corpus entry that fails ends the test before any search: the verdict says so.
    if (replay.failed)
      annotate(testInfo, {
        name,
        runs: 0,
        numRuns,
        minimumRuns,
        profile,
        seed: entry.seed,
        stopped: 'counterexample',
      })
    await judge(testInfo, name, replay)
    if (replayed.skip) throw replayed.skip.error
  }
  const path = process.env.OP_FC_PATH || undefined
  // Past its deadline, a search below its certification minimum goes on while the test has room for a run: at a
  // target whose answers all take seconds, the stretch the deadline allows ends far below it.
  const search = bounded(arbitrary, predicate, searchDeadline(timeLimitMs), Number.POSITIVE_INFINITY, {
    minimumRuns: profile === 'full' ? minimumRuns : 0,
    hasRoom: () => (testTimeLeft() ?? Number.POSITIVE_INFINITY) > runMsOf(stretched) + SHRINK_MS,
  })
  const stopAfter = stopAfterMs(stretched, typicalRequestMs(0))
  const details = await fc.check(search.property, {
    numRuns,
    interruptAfterTimeLimit: stopAfter,
    ...(seed === undefined ? {} : { seed }),
    ...(path === undefined ? {} : { path, endOnFailure: true }),
  })
  // fast-check counts a search stopped before any run ended as failed, with no counterexample: nothing was
  // tested, the target was only slow, so the test is skipped with the reason rather than failed. (Stopped later,
  // with runs done, the search is not failed: those runs count.)
  const unfinished = details.failed && details.interrupted && details.counterexample === null
  annotate(testInfo, {
    name,
    // fast-check's numRuns counts the inputs checked, not those skipped once the time limit had passed.
    runs: details.numRuns,
    numRuns,
    minimumRuns,
    profile,
    seed: details.seed,
    stopped:
      details.failed && !unfinished
        ? 'counterexample'
        : details.interrupted || details.numRuns < numRuns
          ? 'time limit'
          : 'completed',
  })
  testInfo.skip(
    unfinished,
    `property ${name}: no run ended within ${Math.round(stopAfter / 1000)} s (its time limit and the longest run it ` +
      'allows): the target is too slow for this property to test anything; a faster target, or a quieter machine ' +
      '(the limit grows with its load), completes it',
  )
  await judge(testInfo, name, details)
  if (search.skip) throw search.skip.error
}

/** The search's extent for the verdict (verdict.json `properties`), one annotation per property test. */
function annotate(testInfo: TestInfo, run: PropertyRun): void {
  testInfo.annotations.push({ type: PROPERTY_ANNOTATION, description: JSON.stringify(run) })
}

/**
 * The property, ending the search once `deadline` has passed or `maxRuns` inputs have run, unless one has
 * failed (shrinking goes on). An input whose check skips the test (a target too slow to wait for, a setting
 * missing, a foundation step that failed) ends the search without a failure: `skip` keeps it, and the test is
 * skipped with its reason rather than failed under every rule it declares. A skip while shrinking is no failure
 * of the candidate either.
 *
 * The search ends with fast-check's interrupt, not a skip (fc.pre): skipped inputs are drawn and thrown away
 * one after another without yielding to the event loop, a busy core until stopAfterMs (the longest run and
 * the shrinking time after the limit: 30 s by default, 80 s for a property whose runs may take a minute).
 */
export function bounded<Ts>(
  arbitrary: fc.Arbitrary<Ts>,
  predicate: (value: Ts) => Promise<unknown>,
  deadline: number | (() => number),
  maxRuns = Number.POSITIVE_INFINITY,
  { minimumRuns = 0, hasRoom = () => false }: { minimumRuns?: number; hasRoom?: () => boolean } = {},
): { property: fc.IAsyncPropertyWithHooks<[Ts]>; skip?: { error: unknown } } {
  let failed = false
  let runs = 0
  const deadlineNow = typeof deadline === 'number' ? () => deadline : deadline
  const inTime = (run: number) => Date.now() < deadlineNow() || (run <= minimumRuns && hasRoom())
  const bound: { property: fc.IAsyncPropertyWithHooks<[Ts]>; skip?: { error: unknown } } = {
    property: fc.asyncProperty(arbitrary, async (value) => {
      const searching = bound.skip === undefined && (failed || (runs++ < maxRuns && inTime(runs)))
      if (!searching) throw new fc.PreconditionFailure(true)
      try {
        const passed = (await predicate(value)) !== false
        failed ||= !passed
        return passed
      } catch (error) {
        // A skip is never a counterexample. While searching, it ends the search and the test is skipped with its
        // reason; while shrinking a failure found earlier (a foundation seen failing meanwhile, say), the
        // candidate shows nothing, and the failure stands with its own counterexample.
        if (isSkip(error)) {
          if (!failed) bound.skip = { error }
          return true
        }
        failed = true
        throw error
      }
    }),
  }
  return bound
}

/** Playwright's test.skip() throws an error of its own class, with this message. */
function isSkip(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('Test is skipped: ')
}

async function judge<Ts>(testInfo: TestInfo, name: string, details: fc.RunDetails<Ts>): Promise<void> {
  if (!details.failed) return
  const error = details.errorInstance
  const cause = error instanceof Error ? error.message : String(error ?? 'interrupted before any failure')
  const replay =
    details.counterexamplePath === null
      ? 'no counterexample to replay'
      : `replay: ${replayCommand(propertyTag(name), details.seed, details.counterexamplePath)}`
  const report = [
    `property ${name} failed after ${details.numRuns} runs (${details.numShrinks} shrinks)`,
    `seed: ${details.seed}`,
    `path: ${details.counterexamplePath}`,
    `counterexample: ${details.counterexample === null ? 'none' : shortened(fc.stringify(details.counterexample))}`,
    replay,
  ].join('\n')
  await testInfo.attach(`property ${name} counterexample`, { body: report, contentType: 'text/plain' })
  console.error(`\n${report}\n`)
  throw new Error(`${cause}\n\n${report}`)
}

function seedFromEnv(): number | undefined {
  const value = process.env.OP_FC_SEED
  if (value === undefined || value === '') return undefined
  const seed = Number(value)
  if (!Number.isInteger(seed))
    throw new Error(`OP_FC_SEED must be an integer seed, not ${JSON.stringify(value)}`)
  return seed
}

/** Generated values can be huge (a 100 kB string): the report keeps their start and says how long they were. */
const MAX_PRINTED = 2000
function shortened(text: string): string {
  return text.length <= MAX_PRINTED ? text : `${text.slice(0, MAX_PRINTED)}... (${text.length} characters)`
}
