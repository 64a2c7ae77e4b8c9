import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Exchange } from '../../clients/src/index.ts'
import { sendRow } from '../checks/row-outcome.ts'
import { ResponseCheckError } from '../harness/http/response-checks.ts'
import { rulesNamedIn } from '../harness/rules/rules-named-in.ts'
import { SIGNATURE_ROWS } from '../steps/signature-matrix.ts'

function answering(status: number, body: unknown): Exchange {
  const text = JSON.stringify(body)
  return {
    request: { method: 'POST', url: 'https://ase.example/incoming-payments', headers: {} },
    response: { status, headers: {}, body: new TextEncoder().encode(text), text, json: body },
  }
}

const unsigned = SIGNATURE_ROWS.find((row) => row.name === 'no signature headers at all')!
const expected = {
  rule: 'SIG-REQUIRED' as const,
  what: 'POST /incoming-payments',
  statuses: [400, 401],
  publicView: false,
}

/**
 * The rules named by what the row's send raised. Outside a Playwright test a soft expectation throws at once, so
 * the row's own failure comes out here in place of the automatic check's, which in a test follows it.
 */
async function rulesRaised(exchange: Exchange): Promise<string[]> {
  const stopped = new ResponseCheckError('[ERR-ENVELOPE] create -> 4xx: no envelope', exchange)
  try {
    await sendRow(unsigned, () => Promise.reject(stopped), expected)
  } catch (error) {
    return rulesNamedIn((error as Error).message)
  }
  assert.fail('the automatic check still stops the row')
}

test('an unsigned request answered 422 without the envelope is judged by SIG-REQUIRED, not only ERR-ENVELOPE', async () => {
  assert.deepEqual(await rulesRaised(answering(422, { message: 'unprocessable' })), ['SIG-REQUIRED'])
})

test('a 401 without the envelope is a refusal: only ERR-ENVELOPE fails', async () => {
  assert.deepEqual(await rulesRaised(answering(401, {})), ['ERR-ENVELOPE'])
})
