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
