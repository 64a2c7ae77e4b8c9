import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Quote } from '@interledger/open-payments'
import { OPERATIONS } from '../harness/openapi/operations.ts'
import { OPERATION_CASES } from '../steps/operation-cases.ts'
import { rememberQuote } from '../steps/quote-clock.ts'
import { SIGNATURE_ROWS } from '../steps/signature-matrix.ts'

test('the authentication matrix covers every resource operation the suite knows, once', () => {
  const resourceOperations = Object.values(OPERATIONS)
    .filter((operation) => operation.api === 'resource-server')
    .map((operation) => operation.operationId)
    .sort()
  const covered = OPERATION_CASES.map((c) => c.operation.operationId).sort()
  assert.deepEqual(covered, resourceOperations)
})

test('the signature matrix has at least 20 rows, each named once and with a reason', () => {
  assert.ok(SIGNATURE_ROWS.length >= 20, `${SIGNATURE_ROWS.length} rows`)
  const names = SIGNATURE_ROWS.map((row) => row.name)
  assert.equal(new Set(names).size, names.length)
  for (const row of SIGNATURE_ROWS) assert.match(row.reason, /\S/, row.name)
})

test('a prepared payment of a quote goes stale with its quote, so the matrices prepare it again', () => {
  const pay = OPERATION_CASES.find((c) => c.operation === OPERATIONS.createOutgoingPayment)!
  const call = (quoteId: string) => ({
    operation: pay.operation,
    method: 'POST' as const,
    url: 'https://x/op',
    json: { quoteId },
  })
  const quote = (id: string) =>
    ({ id, createdAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-01T00:00:25.000Z' }) as Quote
  // A quote of 25 s received 22 s ago has 3 s left: a control sent with it may meet "The quote has expired."
  rememberQuote(quote('q-aged'), Date.now() - 22_000)
  rememberQuote(quote('q-new'), Date.now())
  assert.equal(pay.stale?.(call('q-aged')), true)
  assert.equal(pay.stale?.(call('q-new')), false)
  // Only a call that pays a quote ages: the others are prepared once.
  for (const other of OPERATION_CASES.filter((c) => c !== pay)) assert.equal(other.stale, undefined)
})
