import assert from 'node:assert/strict'
import { before, test } from 'node:test'
import type { Exchange } from '../../clients/src/index.ts'
import { bodyOf } from '../harness/openapi/body-of.ts'
import { ResponseValidator } from '../harness/openapi/response-validator.ts'
import { rulesNamedIn } from '../harness/rules/rules-named-in.ts'

const quote = {
  id: 'https://ase.example/alice/quotes/1',
  walletAddress: 'https://ase.example/alice',
  receiver: 'https://ase.example/bob/incoming-payments/2',
  debitAmount: { value: '100', assetCode: 'USD', assetScale: 2 },
  receiveAmount: { value: '100', assetCode: 'USD', assetScale: 2 },
  method: 'ilp',
  createdAt: '2030-01-01T00:00:00Z',
}

function answering(json: unknown): Exchange {
  const text = JSON.stringify(json)
  const body = new TextEncoder().encode(text)
  return {
    request: { method: 'GET', url: quote.id, headers: {} },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body, text, json },
  }
}

before(async () => {
  await ResponseValidator.create()
})

test('bodyOf gives a body that fits its schema, typed, members the schema does not list included', () => {
  const read = bodyOf(answering({ ...quote, extra: true }), 'quote')
  assert.equal(read.debitAmount.value, '100')
})

test('bodyOf fails GEN-SCHEMA on a body that does not fit, naming the member and the exchange', () => {
  const { debitAmount: _, ...withoutDebitAmount } = quote
  assert.throws(
    () => bodyOf(answering(withoutDebitAmount), 'quote'),
    (error: Error) => {
      assert.deepEqual(rulesNamedIn(error.message), ['GEN-SCHEMA'])
      assert.match(error.message, /not a quote of the OpenAPI 1\.3\.0 documents/)
      assert.match(error.message, /debitAmount/)
      assert.match(error.message, /^GET https:\/\/ase\.example\/alice\/quotes\/1 -> 200 /m)
      return true
    },
  )
})
