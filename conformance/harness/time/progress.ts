import { test } from '@playwright/test'

/** Waits at least this long are announced: a silent minute looks like a hung run. */
export const ANNOUNCED_WAIT_MS = 5_000

/**
 * One progress line on the console for a long wait: what the suite waits for and for how long (at most). Printed
 * from the worker, so every console reporter shows it under the running test.
 */
export function announceWait(ms: number, what: string): void {
  if (ms < ANNOUNCED_WAIT_MS) return
  let title = ''
  try {
    title = `${test.info().title}: `
  } catch {
    // Outside a test (a worker's shared set-up): the line stands alone.
  }
  process.stdout.write(`  … ${title}waiting ${formatSeconds(ms)} for ${what}\n`)
}

export function formatSeconds(ms: number): string {
  const seconds = Math.round(ms / 1000)
  return seconds >= 120 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`
}
