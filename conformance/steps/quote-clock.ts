import type { Quote } from '@interledger/open-payments'

/**
 * How long each quote the suite created has left on the target's clock. The target stamped createdAt before it
 * answered, so when the answer arrived its clock read at least createdAt: a quote received at `receivedAt` has at
 * most `expiresAt - createdAt - (now - receivedAt)` left. A quote used later than that expired while the suite
 * was busy (a grant renewed between the quote and its payment, a loaded machine): what the target answers then
 * says nothing about the target.
 */
const received = new Map<string, { lifeMs: number; receivedAt: number }>()

/** How much of a quote's life a payment request may need to reach the target: a slow answer's transit. */
const TRANSIT_MS = 2_000

export function rememberQuote(quote: Quote, receivedAt = Date.now()): void {
  if (!quote.expiresAt) return
  received.set(quote.id, { lifeMs: Date.parse(quote.expiresAt) - Date.parse(quote.createdAt), receivedAt })
}

/** At most this long left before the target's clock passes the quote's expiresAt (Infinity: no expiresAt known). */
export function quoteMsLeft(id: string, now = Date.now()): number {
  const quote = received.get(id)
  return quote === undefined ? Number.POSITIVE_INFINITY : quote.receivedAt + quote.lifeMs - now
}

/**
 * Whether a request answered at `answeredAt` may have been handled after the quote expired: the target handled it
 * some time before its answer arrived, as late as then at a slow target (one answering 30 s late handled a payment
 * sent with 25 s of its quote's life left after that life).
 */
export function mayHaveExpired(id: string, answeredAt: number): boolean {
  return quoteMsLeft(id, answeredAt) < TRANSIT_MS
}

/** Whether a quote is worth paying now, or so close to its end that a fresh one should be paid instead. */
export function tooOldToPay(id: string, now = Date.now()): boolean {
  const quote = received.get(id)
  if (quote === undefined) return false
  return quoteMsLeft(id, now) < Math.max(TRANSIT_MS, Math.min(5_000, quote.lifeMs / 4))
}
