import assert from 'node:assert/strict'
import { test } from 'node:test'
import { OPERATIONS } from '../harness/openapi/operations.ts'
import { OPERATION_CASES } from '../steps/operation-cases.ts'
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
