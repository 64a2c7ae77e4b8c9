/**
 * The exit statuses of `op-conformance run` and `merge`, one per headline, so a CI job can tell them apart
 * (docs/verdict.md and `--help` give the table).
 */
export const EXIT = {
  /** CONFORMANT (or every failure and gap is one the baseline expects). */
  conformant: 0,
  /** NOT CONFORMANT: a spec rule failed or was inconclusive, or a baseline entry is stale. */
  notConformant: 1,
  /** The run could not start: bad arguments, target or baseline file, an unreachable target or client identity. */
  couldNotStart: 2,
  /** INCOMPLETE: a spec MUST rule was not tested (and the baseline does not expect it untested). */
  incomplete: 3,
  /** NO VERDICT: a filtered run (--grep, one spec file) checks only part of the spec. */
  noVerdict: 4,
  /**
   * INTERRUPTED: the run was stopped (SIGINT, SIGTERM, SIGHUP) before its end; what it saw so far is reported, no rule is
   * charged for the tests it stopped.
   */
  interrupted: 5,
} as const

export type ExitStatus = (typeof EXIT)[keyof typeof EXIT]
