import { TARGET_ENV } from '../../../settings/run-settings.ts'
import { typicalRequestMs } from '../time/request-time.ts'
import { resolveTarget } from './resolve-target.ts'
import type { TargetFile } from './target-file.ts'

/**
 * What the target file says of the ASE's business choices (minimum lifetimes and intervals, slow settlement),
 * which the spec leaves to it: the suite adapts to them, or skips naming the field, and never fails them.
 */

/** How long a payment may take to settle when the target file does not say. */
export const DEFAULT_SETTLEMENT_SECONDS = 30

export const SETTINGS = {
  settlement: 'waits.settlementSeconds',
  incomingLifetime: 'incomingPayments.minimumLifetimeSeconds',
  grantInterval: 'grants.minimumIntervalSeconds',
} as const

/** The run's target file, read once per worker at load (undefined outside a run: unit tests). */
export const runTarget: TargetFile | undefined = process.env[TARGET_ENV] ? resolveTarget() : undefined

export function settlementTimeoutMs(target: TargetFile | undefined = runTarget): number {
  return (target?.waits?.settlementSeconds ?? DEFAULT_SETTLEMENT_SECONDS) * 1000
}

/** A test's time besides its settlement waits: consents and requests, on a loaded machine. */
const BESIDES_SETTLEMENT_MS = 30_000

/**
 * The timeout of a test that waits for `settlements` payments to settle one after another: each may take as
 * long as the target declares, so a slow but allowed settlement ends in the test's own verdict, not a timeout.
 */
export function settlementTestTimeoutMs(
  settlements: number,
  target: TargetFile | undefined = runTarget,
): number {
  return settlements * settlementTimeoutMs(target) + BESIDES_SETTLEMENT_MS
}

/** Room between the declared minimum and what is asked for: the request's transit and a clock estimate. */
const LIFETIME_MARGIN_MS = 5_000

/**
 * The lifetime to ask for: `wantedMs`, or a little more than the target's minimum when that is longer; either way
 * more than the create's own answer takes (twice the typical answer time), so that a payment does not expire
 * before it arrives at a slow target, which would be the suite's doing, not a minimum lifetime of the target's.
 */
export function incomingLifetimeMs(
  wantedMs: number,
  target: TargetFile | undefined = runTarget,
  answerMs = typicalRequestMs(0),
): number {
  const minimum = target?.incomingPayments?.minimumLifetimeSeconds
  const wanted = wantedMs + 2 * answerMs
  return minimum === undefined ? wanted : Math.max(wanted, minimum * 1000 + LIFETIME_MARGIN_MS)
}

/** Whether the target file declares a minimum lifetime (then a refusal of one that long is the server's fault). */
export function declaresIncomingLifetime(target: TargetFile | undefined = runTarget): boolean {
  return target?.incomingPayments?.minimumLifetimeSeconds !== undefined
}

/** The interval duration to ask for, in seconds: `wantedSeconds`, or the target's minimum when longer. */
export function grantIntervalSeconds(
  wantedSeconds: number,
  target: TargetFile | undefined = runTarget,
): number {
  return Math.max(wantedSeconds, target?.grants?.minimumIntervalSeconds ?? 0)
}

export function declaresGrantInterval(target: TargetFile | undefined = runTarget): boolean {
  return target?.grants?.minimumIntervalSeconds !== undefined
}
