import { test } from '@playwright/test'
import type { Exchange } from '../../clients/src/index.ts'
import { declaresIncomingLifetime, SETTINGS } from '../harness/target/ase-settings.ts'

/**
 * A minimum lifetime is the ASE's business: a 400 to an incoming payment that expires soon, from a target whose
 * file declares no minimum, skips the check that needed it, naming the setting that lets it run. With the
 * setting declared, the suite asked for at least that lifetime, so the caller's own check judges the answer.
 */
export function skipIfShortLifetimeRefused(exchange: Exchange, lifetimeMs: number): void {
  test.skip(
    exchange.response.status === 400 && !declaresIncomingLifetime(),
    `the target refused an incoming payment expiring ${Math.round(lifetimeMs / 1000)} s ahead (400), which a minimum ` +
      `lifetime allows; set ${SETTINGS.incomingLifetime} in the target file for the suite to wait that long`,
  )
}
