import { FOUNDATION_ANNOTATION } from '../../conformance/harness/foundations/foundation-steps.ts'
import { RULE_ANNOTATION, WARNING_ANNOTATION } from '../../conformance/harness/rules/covers.ts'
import {
  FINDING_ANNOTATION,
  INVALID_INPUT_RESPONSES_ANNOTATION,
  PROPERTY_ANNOTATION,
  type PropertyRun,
  RESPONSES_ANNOTATION,
} from '../../conformance/harness/rules/findings.ts'
import { NOT_APPLICABLE_ANNOTATION } from '../../conformance/harness/rules/not-applicable.ts'
import { type Observation, observationsOf } from '../../conformance/harness/rules/observations.ts'
import { UNCHECKED_ANNOTATION } from '../../conformance/harness/rules/unchecked.ts'

export type { PropertyRun }

export type TestOutcome = 'passed' | 'failed' | 'skipped'

/** What the verdict needs to know of one finished test. */
export interface TestRecord {
  title: string
  file: string
  outcome: TestOutcome
  /** Rule IDs the test declares. */
  rules: string[]
  /** Failure messages; a `[RULE-ID]` prefix attributes the failure to that rule. */
  errors: string[]
  /** Warning annotations, each `[RULE-ID] message`. */
  warnings: string[]
  /** Failures of rules that do not decide conformance, recorded without failing the test, `[RULE-ID] message`. */
  findings?: string[]
  skipReason?: string
  /** Set when the test was skipped because the target lacks what its rules are about. */
  notApplicable?: string
  /** Rules a skipped test stopped before checking: what it saw of them so far earns them no PASS. */
  unchecked?: string[]
  /** Responses the test received; automatic rules are credited only by tests that received some. */
  responses?: number
  /** Of those, answers to deliberately invalid input; the robustness rules are credited only by these. */
  invalidInputResponses?: number
  /** Set when the test passed only on a retry: the first line of what an earlier attempt failed with. */
  flaky?: string
  /** A property test's search: how many runs, under which profile, and why it stopped. */
  property?: PropertyRun
  /** What the test's checks saw, rule by rule: the only evidence a rule passes on. */
  observations?: Observation[]
  /**
   * Set when the suite itself ended the test (its timeout, the run interrupted): what the test had not decided by
   * then is not tested, never failed. An interrupted test is a skipped one, its reason INTERRUPTED_CUT.
   */
  cut?: string
  /** The foundation step the test proves (conformance/tests/foundations.spec.ts), when it is one. */
  foundation?: string
}

type Annotation = { type: string; description?: string }

/** What a test's annotations say it observed: findings, not-applicable reason, responses seen, its property. */
export function observationsIn(
  annotations: readonly Annotation[],
): Pick<
  TestRecord,
  | 'findings'
  | 'notApplicable'
  | 'unchecked'
  | 'responses'
  | 'invalidInputResponses'
  | 'property'
  | 'observations'
> {
  const described = (type: string) => [
    ...new Set(annotations.filter((a) => a.type === type).map((a) => a.description ?? '')),
  ]
  // Not de-duplicated: the first and the second client's APIs each annotate their own count.
  const summed = (type: string) =>
    annotations.filter((a) => a.type === type).reduce((sum, a) => sum + Number(a.description), 0)
  // The last search is the one that decided (corpus replays come first).
  const property = described(PROPERTY_ANNOTATION).at(-1)
  return {
    findings: described(FINDING_ANNOTATION),
    notApplicable: described(NOT_APPLICABLE_ANNOTATION)[0],
    unchecked: described(UNCHECKED_ANNOTATION),
    responses: summed(RESPONSES_ANNOTATION),
    invalidInputResponses: summed(INVALID_INPUT_RESPONSES_ANNOTATION),
    observations: observationsOf(annotations),
    ...(property ? { property: JSON.parse(property) as PropertyRun } : {}),
  }
}

/** The first line of a failure message, for notes that name it. */
export function firstLine(message: string): string {
  return message.trim().split('\n')[0] ?? ''
}

/** One finished test, as the verdict reporter (Playwright's TestResult) and the mutant runner (its JSON report) see it. */
export interface FinishedTestResult {
  /** Describe path and test title, without the file. */
  title: string
  file: string
  /** Playwright's status of the (last) attempt; undefined when the test never ran. */
  status: string | undefined
  /** The test's and its result's annotations. */
  annotations: readonly Annotation[]
  /** Failure messages, as plainErrorMessage (conformance/harness/rules/rules-named-in.ts) gives them. */
  errors: readonly string[]
  /** The test's timeout in milliseconds, for the note of a test that ran out of it. */
  timeout?: number
}

/** Why a test did not end: the run was stopped (SIGINT, SIGTERM) first. */
export const INTERRUPTED_CUT = 'the run was interrupted before the test ended'

/** What the verdict needs to know of one finished test: the one way both readers of a run build it. */
export function testRecord(test: FinishedTestResult): TestRecord {
  const described = (type: string) => [
    ...new Set(test.annotations.filter((a) => a.type === type).map((a) => a.description ?? '')),
  ]
  const record: TestRecord = {
    title: test.title,
    file: test.file,
    outcome: test.status === 'passed' ? 'passed' : test.status === 'skipped' ? 'skipped' : 'failed',
    rules: described(RULE_ANNOTATION),
    errors: [...test.errors],
    warnings: described(WARNING_ANNOTATION),
    skipReason: test.annotations.find((a) => a.type === 'skip')?.description,
    foundation: test.annotations.find((a) => a.type === FOUNDATION_ANNOTATION)?.description,
    ...observationsIn(test.annotations),
    ...cutBySuite(test),
  }
  if (test.status !== 'interrupted') return record
  // Whoever stopped the run decided nothing about the target: the test is not tested, every rule it is about
  // unchecked by it (what it saw on the way earns no PASS), whatever it failed on as it was stopped. A finding it
  // had recorded before is the target's answer, and stays. A property's search was cut off, not stopped at a
  // counterexample, whatever fast-check made of being stopped: it is left out.
  const { property: _cutOff, ...kept } = record
  return {
    ...kept,
    outcome: 'skipped',
    errors: [],
    skipReason: INTERRUPTED_CUT,
    unchecked: [...new Set([...record.rules, ...(record.unchecked ?? [])])],
  }
}

/** Why the suite itself ended the test, if it did: its own limit is never the server's fault. */
function cutBySuite(test: FinishedTestResult): Pick<TestRecord, 'cut'> {
  if (test.status === 'timedOut') {
    const limit = test.timeout ? ` of ${Math.round(test.timeout / 1000)} s` : ''
    return { cut: `the test ran out of its time${limit} (raise it with --timeout, or run fewer --workers)` }
  }
  if (test.status === 'interrupted') return { cut: INTERRUPTED_CUT }
  return {}
}
