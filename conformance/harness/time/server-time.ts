import { announceWait } from './progress.ts'

/** Margin past a deadline, for the time between our clock reading and the target's. */
const MARGIN_MS = 1500

/**
 * Milliseconds to wait until the target's clock has certainly passed `deadline`, without knowing how far its
 * clock is from ours: it wrote `stampedAt` (a createdAt) before answering, and the answer arrived at
 * `receivedAt` on our clock, so its clock then read at least `stampedAt`.
 */
export function msUntilServerPasses(deadline: string, stampedAt: string, receivedAt: number): number {
  const left = Date.parse(deadline) - Date.parse(stampedAt)
  return Math.max(0, receivedAt + left + MARGIN_MS - Date.now())
}

/**
 * A deadline already past (a negative `ms`) resolves at once rather than warn about a negative timeout. The
 * suite's long sleeps are the waits for a token, quote or incoming payment to expire: they are announced.
 */
export function sleep(ms: number, what = "a deadline of the target's to pass (an expiry)"): Promise<void> {
  announceWait(ms, what)
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
}

/**
 * A whole second at least `aheadMs` ahead of the target's clock, worked out from a createdAt it stamped
 * (`stampedAt`) before its answer arrived at `receivedAt` on our clock. Our clock's distance from the target's
 * does not enter: an expiry computed from ours alone lands in the target's past when its clock runs ahead.
 */
export function aheadOfServer(stampedAt: string, receivedAt: number, aheadMs: number): Date {
  const serverNow = Date.parse(stampedAt) + (Date.now() - receivedAt)
  return new Date(Math.ceil((serverNow + aheadMs) / 1000) * 1000)
}
