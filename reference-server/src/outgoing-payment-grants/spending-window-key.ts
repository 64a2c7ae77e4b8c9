import type { TimeSpan } from '../grants/interval.ts'

/**
 * How the grant's totals name a spending window: the start of its interval, or '' for a grant without an
 * interval (all time). A payment keeps the key it was created under, so its failure releases the same totals.
 */
export function spendingWindowKey(window: TimeSpan | undefined): string {
  return window === undefined ? '' : window.start.toISOString()
}
