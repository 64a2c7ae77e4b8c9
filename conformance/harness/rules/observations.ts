import { type TestInfo, test } from '@playwright/test'
import { splitRef } from './rules-named-in.ts'

/** What one check saw of one rule: the verdict's evidence (docs/verdict.md). */
export const OBSERVATION_ANNOTATION = 'observation'

/**
 * `pass` and `fail` decide a rule; `warning` is an answer a correct server may give (it decides a SHOULD or a
 * beyond-spec rule, never a spec MUST); `not-applicable` says the server's own choice makes the rule moot (no
 * `continue.wait`: nothing to wait for); `control` is a positive control that held: it shows the check of the rule
 * can fail (the valid request succeeds), not that the rule holds, so alone it earns no PASS.
 */
export type ObservationOutcome = 'pass' | 'fail' | 'warning' | 'not-applicable' | 'control'

export interface Observation {
  rule: string
  /** The clause of the rule the check is about (rule.ts); unset where the check names the rule as a whole. */
  clause?: string
  outcome: ObservationOutcome
  /** What was seen, in one line. */
  line: string
  /** The exchange it came from (`POST /incoming-payments -> 201`), when the check had one. */
  exchange?: string
  /** How many checks of the test saw the same rule with the same outcome; `line` is the first one's. */
  count: number
}

/** Each test keeps its first observations of a rule and outcome in full, then only counts the others. */
const KEPT_PER_OUTCOME = 3
const MAX_LINE = 240

type Annotation = { type: string; description?: string }

const kept = new WeakMap<TestInfo, Map<string, { observation: Observation; annotation: Annotation }[]>>()

/**
 * Records on the running test that a check of `ref` (`RULE-ID` or `RULE-ID#clause`) ran and what it saw. Outside a
 * test (a worker's discovery) there is nothing to attach it to: the test that repeats the check records it.
 */
export function observe(ref: string, outcome: ObservationOutcome, line: string, exchange?: string): void {
  let info: TestInfo
  try {
    info = test.info()
  } catch {
    return
  }
  const kind = outcome === 'pass' && isPositiveControl(line) ? 'control' : outcome
  const byKey = kept.get(info) ?? new Map()
  kept.set(info, byKey)
  const { rule, clause } = splitRef(ref)
  const key = `${ref} ${kind}`
  const seen = byKey.get(key) ?? []
  byKey.set(key, seen)
  const last = seen.at(-1)
  if (last && seen.length >= KEPT_PER_OUTCOME) {
    // Rewritten in place: a property's thousand checks of a rule stay a few annotations.
    last.observation.count++
    last.annotation.description = JSON.stringify(last.observation)
    return
  }
  const observation: Observation = {
    rule,
    ...(clause ? { clause } : {}),
    outcome: kind,
    line: oneLine(line),
    count: 1,
    ...(exchange ? { exchange } : {}),
  }
  const annotation = { type: OBSERVATION_ANNOTATION, description: JSON.stringify(observation) }
  seen.push({ observation, annotation })
  info.annotations.push(annotation)
}

/** The observations among a test's annotations. */
export function observationsOf(annotations: readonly Annotation[]): Observation[] {
  return annotations
    .filter((a) => a.type === OBSERVATION_ANNOTATION && a.description)
    .map((a) => JSON.parse(a.description!) as Observation)
}

/**
 * The suite's checks name their positive controls so (`positive control, the same body made valid`): one check
 * message convention, read here so that no check has to record its controls apart.
 */
export function isPositiveControl(line: string): boolean {
  return /^positive control\b/i.test(oneLine(line))
}

function oneLine(text: string): string {
  const line = text
    .replace(/^\s*\[[A-Z0-9-]+(?:#[a-z0-9-]+)?\]\s*/, '')
    .split('\n')[0]!
    .trim()
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line
}
