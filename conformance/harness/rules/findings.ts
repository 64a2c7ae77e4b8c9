import { test } from '@playwright/test'
import { observe } from './observations.ts'
import { refsNamedIn, refText } from './rules-named-in.ts'

/** A failure of a rule that does not decide spec conformance, recorded without failing the test. */
export const FINDING_ANNOTATION = 'finding'
/** How many responses a test's API saw, and how many of them answered deliberately invalid input. */
export const RESPONSES_ANNOTATION = 'responses'
export const INVALID_INPUT_RESPONSES_ANNOTATION = 'invalid-input responses'
/** Which consent driver gave the test's consent (and why, when it fell back to another). */
export const CONSENT_ANNOTATION = 'consent driver'
/** The target's response times of the test's requests, JSON `{operationId: [ms, ...]}`. */
export const LATENCY_ANNOTATION = 'latency'
/** A property test's search, JSON (PropertyRun): the verdict reports it. */
export const PROPERTY_ANNOTATION = 'property'

/** How far a property's search went, and why it stopped. */
export interface PropertyRun {
  name: string
  /** Inputs checked (fast-check's runs less the skipped ones). */
  runs: number
  /** Runs the budget allowed. */
  numRuns: number
  /** Fewer runs than this (a search cut by its time limit) is not the certification profile (property-budget.ts). */
  minimumRuns?: number
  profile: 'quick' | 'full'
  seed: number
  /** `counterexample`: an input failed (the search went no further); `time limit`: the budget's time ran out. */
  stopped: 'completed' | 'time limit' | 'counterexample'
}

/**
 * Records a `[RULE-ID] message` finding on the running test; outside a test (a worker's discovery) there is
 * nothing to attach it to, and the test that repeats the request reports it.
 */
export function recordFinding(message: string): void {
  for (const ref of refsNamedIn(message)) observe(refText(ref), 'fail', message)
  try {
    test.info().annotations.push({ type: FINDING_ANNOTATION, description: message })
  } catch {
    // Not inside a test.
  }
}

/** Annotates how many responses the test's API saw: automatic rules are credited only by tests that saw some. */
export function recordResponses(
  annotations: { type: string; description?: string }[],
  api: {
    exchanges: unknown[]
    invalidInputResponses: number
    timings: readonly { operationId: string; ms: number }[]
  },
): void {
  annotations.push(
    { type: RESPONSES_ANNOTATION, description: String(api.exchanges.length) },
    { type: INVALID_INPUT_RESPONSES_ANNOTATION, description: String(api.invalidInputResponses) },
  )
  if (api.timings.length === 0) return
  const byOperation: Record<string, number[]> = {}
  for (const { operationId, ms } of api.timings)
    byOperation[operationId] = [...(byOperation[operationId] ?? []), Math.round(ms)]
  annotations.push({ type: LATENCY_ANNOTATION, description: JSON.stringify(byOperation) })
}
