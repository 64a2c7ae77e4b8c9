import { test } from '@playwright/test'
import { rule } from '../rules/covers.ts'
import { recordFinding } from '../rules/findings.ts'
import { runTarget } from '../target/ase-settings.ts'

/** The longest `continue.wait` the suite honours unless `waits.continueSeconds` says otherwise. */
export const DEFAULT_CONTINUE_WAIT_SECONDS = 60

/**
 * The seconds the suite waits before a continuation, from the `continue.wait` a server gave: a server can make the
 * suite wait, never stall it. A value that is not a whole number of seconds from 0 is a CONT-WAIT finding and is
 * not waited for; one longer than `waits.continueSeconds` (default 60 s) stops the test that needs the
 * continuation, naming that setting: a long wait is the server's choice, not a deviation.
 */
export function honouredWaitSeconds(wait: unknown): number {
  if (wait === undefined) return 0
  if (typeof wait !== 'number' || !Number.isSafeInteger(wait) || wait < 0) {
    recordFinding(
      rule(
        'CONT-WAIT',
        `continue.wait ${JSON.stringify(wait)} is not a whole number of seconds from 0; the spec gives an integer of seconds to wait`,
      ),
    )
    return 0
  }
  // The run's target file when there is one: a load engine reusing the grant code has none, and the default.
  const set = runTarget?.waits?.continueSeconds
  const bound = set ?? DEFAULT_CONTINUE_WAIT_SECONDS
  if (wait <= bound) return wait
  const reason =
    `the server asks for a continue.wait of ${wait} s; the suite waits at most ${bound} s ` +
    `(${set === undefined ? 'by default' : 'as waits.continueSeconds says'}); set waits.continueSeconds to at least ${wait} to test what needs the continuation`
  try {
    test.info()
  } catch {
    // Outside a test (a worker's shared grant): the test that needs it fails on this error, which names no rule.
    throw new Error(reason)
  }
  test.skip(true, reason)
  return bound
}
