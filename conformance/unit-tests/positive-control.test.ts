import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isPositiveControl } from '../harness/rules/observations.ts'

test('a check message naming a positive control is one, with or without its rule prefix', () => {
  assert.equal(isPositiveControl('positive control, the same body made valid: answered 201'), true)
  assert.equal(isPositiveControl('[OP-FAILED] Positive control: the first payment is created'), true)
})

test('a check that merely mentions a control is not one', () => {
  assert.equal(isPositiveControl('the payment after the positive control is refused'), false)
  assert.equal(isPositiveControl('positively controlled'), false)
})
