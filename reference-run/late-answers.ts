import { workersForAnswer } from '../conformance/harness/time/run-workers.ts'
import { type LateAnswers, parseLateAnswers } from '../reference-server/src/http/late-answers.ts'
import { BUILT } from '../settings/suite-modules.ts'

/**
 * The maintainers' knob for proving the suite judges a correct server that answers late as it judges the reference
 * server on loopback: the reference server's ANSWERS_LATE_MS (reference-server/src/http/late-answers.ts), set for a
 * run from the same variable, e.g. `ANSWERS_LATE_MS=1000-4000 npm run conformance`, or by `npm run variants --
 * --late`. Only a checkout passes it on: the package's reference server always gets it empty (unset), so a
 * variable of that name in an ASE's environment never slows the reference server `op-conformance run` starts.
 */
export const ANSWERS_LATE_ENV = 'ANSWERS_LATE_MS'

/** What issue 49's proof asks: every answer from 1 to 4 s late, drawn anew for each answer. */
export const PROOF_LATENESS = '1000-4000'

/** The value the reference server's ANSWERS_LATE_MS gets: the run's own in a checkout, else empty (off). */
export function answersLateFor(env: NodeJS.ProcessEnv, built: boolean = BUILT): string {
  return built ? '' : (env[ANSWERS_LATE_ENV]?.trim() ?? '')
}

/**
 * The reference server's variables with late answers: ANSWERS_LATE_MS (empty: off, the variables unchanged), and a
 * continue.wait a continuation sent at once can still come before. No client can show that a continuation is too
 * fast (CONT-WAIT) when the grant's answer and the continuation's together take longer than the wait (the run
 * then says so, naming a longer continue.wait), so a late server waits at least two of its latest answers and a
 * second for the client's own work. A wait of 0 (none) stays none: the server then lets the client continue at once.
 */
export function withAnswersLate(env: Record<string, string>, answersLate: string): Record<string, string> {
  const late = lateRange(answersLate)
  const wait = Number(env.GRANT_WAIT_SECONDS)
  if (late === undefined || !(wait > 0)) return { ...env, [ANSWERS_LATE_ENV]: answersLate }
  const beatable = Math.ceil((2 * late.maxMs) / 1000) + 1
  return { ...env, [ANSWERS_LATE_ENV]: answersLate, GRANT_WAIT_SECONDS: String(Math.max(wait, beatable)) }
}

/**
 * The workers of a run whose answers come late: as many as a target that far away gets (run-workers.ts, from the
 * middle of the range), since each worker mostly waits; `otherwise` when answers come at once.
 */
export function workersAnswering(answersLate: string, otherwise: number): number {
  const late = lateRange(answersLate)
  if (late === undefined) return otherwise
  return Math.max(otherwise, workersForAnswer((late.minMs + late.maxMs) / 2))
}

/** The range, or undefined when off or malformed (the server refuses a malformed one, naming its variable). */
function lateRange(answersLate: string): LateAnswers | undefined {
  const late = answersLate === '' ? undefined : parseLateAnswers(answersLate)
  return late === undefined || 'problem' in late ? undefined : late
}
