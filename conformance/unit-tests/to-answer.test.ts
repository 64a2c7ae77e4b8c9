import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { rulesNamedIn } from '../harness/rules/rules-named-in.ts'

function exchangeAnswering(status: number, body: unknown): Exchange {
  const text = JSON.stringify(body)
  return {
    request: {
      method: 'POST',
      url: 'https://ase.example/alice/incoming-payments',
      headers: { 'content-type': 'application/json' },
      body: new TextEncoder().encode('{"walletAddress":"https://ase.example/alice"}'),
    },
    response: {
      status,
      headers: { 'content-type': 'application/json' },
      body: new TextEncoder().encode(text),
      text,
      json: body,
    },
  }
}

function failureOf(check: () => void): string {
  try {
    check()
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
  assert.fail('the matcher passed')
}

test('toAnswer passes on the required status, or on any of the allowed ones', () => {
  expect(exchangeAnswering(201, { id: 'x' })).toAnswer(201, 'IP-CREATE', 'creating an incoming payment')
  expect(exchangeAnswering(403, {})).toAnswer([401, 403], 'AUTH-REQUIRED', 'no token')
})

test('a failing toAnswer names the rule, the answer, what the spec requires and the whole exchange', () => {
  const exchange = exchangeAnswering(400, { error: { code: 'invalid_request', description: 'bad' } })
  const message = failureOf(() => expect(exchange).toAnswer(201, 'IP-CREATE', 'creating an incoming payment'))
  // The verdict fails the rule of the first line's prefix, and that rule only.
  assert.deepEqual(rulesNamedIn(message), ['IP-CREATE'])
  assert.match(
    message,
    /^\[IP-CREATE\] creating an incoming payment: the server answered 400; the spec requires 201$/m,
  )
  // The request, the response with its body, and a curl line that replays the request.
  assert.match(message, /^POST https:\/\/ase\.example\/alice\/incoming-payments$/m)
  assert.match(message, /"walletAddress":"https:\/\/ase\.example\/alice"/)
  assert.match(message, /^HTTP 400$/m)
  assert.match(message, /"code": "invalid_request"/)
  assert.match(message, /^curl .*https:\/\/ase\.example\/alice\/incoming-payments/m)
})

test('a failing toAnswer with several allowed statuses lists them all', () => {
  const message = failureOf(() =>
    expect(exchangeAnswering(200, {})).toAnswer([401, 403], 'AUTH-REQUIRED', 'a request without a token'),
  )
  assert.match(
    message,
    /^\[AUTH-REQUIRED\] a request without a token: the server answered 200; the spec requires 401 or 403$/m,
  )
})

test('.not.toAnswer says which statuses the spec forbids', () => {
  const message = failureOf(() =>
    expect(exchangeAnswering(500, {})).not.toAnswer(500, 'GEN-JSON', 'any request'),
  )
  assert.match(
    message,
    /^\[GEN-JSON\] any request: the server answered 500; the spec requires anything but 500$/m,
  )
})
