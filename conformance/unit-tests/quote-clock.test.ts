import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Quote } from '@interledger/open-payments'
import { mayHaveExpired, quoteMsLeft, rememberQuote, tooOldToPay } from '../steps/quote-clock.ts'

/** A quote the target stamped at its own time `createdAt`, living `lifeMs`. */
function quote(id: string, lifeMs: number | undefined): Quote {
  const createdAt = '2026-01-01T00:00:00.000Z'
  const expiresAt = lifeMs === undefined ? undefined : new Date(Date.parse(createdAt) + lifeMs).toISOString()
  return { id, createdAt, ...(expiresAt ? { expiresAt } : {}) } as Quote
}

test("a quote's life left is counted on our clock from when its answer arrived, whatever the target's clock says", () => {
  rememberQuote(quote('q-25s', 25_000), 1_000_000)
  assert.equal(quoteMsLeft('q-25s', 1_000_000), 25_000)
  assert.equal(quoteMsLeft('q-25s', 1_010_000), 15_000)
})

test('a quote with a few seconds left is too old to pay: a fresh one is asked for', () => {
  rememberQuote(quote('q-old', 25_000), 1_000_000)
  assert.equal(tooOldToPay('q-old', 1_015_000), false)
  // 5 s is the margin of a 25 s quote (a quarter of its life would be more): 4 s left is too little.
  assert.equal(tooOldToPay('q-old', 1_021_000), true)
  // A short-lived quote keeps at least the transit margin.
  rememberQuote(quote('q-4s', 4_000), 1_000_000)
  assert.equal(tooOldToPay('q-4s', 1_001_000), false)
  assert.equal(tooOldToPay('q-4s', 1_002_500), true)
})

test('a payment answered with less than the transit margin of its quote left may have met an expired quote', () => {
  rememberQuote(quote('q-edge', 25_000), 1_000_000)
  assert.equal(mayHaveExpired('q-edge', 1_020_000), false)
  assert.equal(mayHaveExpired('q-edge', 1_024_000), true)
  assert.equal(mayHaveExpired('q-edge', 1_030_000), true)
})

test('a quote without expiresAt, or one the suite did not create, never expires by this clock', () => {
  rememberQuote(quote('q-forever', undefined), 1_000_000)
  assert.equal(quoteMsLeft('q-forever', 9_999_999_999), Number.POSITIVE_INFINITY)
  assert.equal(tooOldToPay('q-unknown'), false)
  assert.equal(mayHaveExpired('q-unknown', Date.now()), false)
})
