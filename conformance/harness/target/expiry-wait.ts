import { QUICK_ENV } from '../../../settings/run-settings.ts'
import type { TargetFile } from './target-file.ts'

/**
 * The longest the suite waits for something of the target's to expire, in seconds: `waits.expirySeconds` when
 * the target file gives it, else these defaults, short enough that a run without the setting stays quick.
 */
export const DEFAULT_EXPIRY_WAIT_SECONDS = { token: 120, quote: 30 } as const

export function expiryWaitSeconds(
  target: TargetFile,
  what: keyof typeof DEFAULT_EXPIRY_WAIT_SECONDS,
  env: NodeJS.ProcessEnv = process.env,
): number {
  if (env[QUICK_ENV]) return 0
  return target.waits?.expirySeconds ?? DEFAULT_EXPIRY_WAIT_SECONDS[what]
}

/** The reason a check skips a wait, naming the setting that would let it run. */
export function tooLongToWait(
  target: TargetFile,
  what: 'token' | 'quote',
  lifetimeSeconds: number,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (env[QUICK_ENV])
    return `a --quick run waits for no expiry (the target's ${what}s live ${Math.round(lifetimeSeconds)} s)`
  const limit = expiryWaitSeconds(target, what)
  const set = target.waits?.expirySeconds === undefined ? 'by default' : 'as waits.expirySeconds says'
  return (
    `the target's ${what}s live ${Math.round(lifetimeSeconds)} s; the suite waits at most ${limit} s (${set}); ` +
    `set waits.expirySeconds to at least ${Math.ceil(lifetimeSeconds)} to have it wait (see conformance/harness/target/README.md)`
  )
}
