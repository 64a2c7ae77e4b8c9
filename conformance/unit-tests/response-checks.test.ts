import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import type { Exchange } from '../../clients/src/index.ts'
import { checkResponse } from '../harness/http/response-checks.ts'
import { OPERATIONS } from '../harness/openapi/operations.ts'
import { ResponseValidator } from '../harness/openapi/response-validator.ts'
import type { RuleId } from '../harness/rules/registry.ts'
import { rulesNamedIn } from '../harness/rules/rules-named-in.ts'

let validator: ResponseValidator
before(async () => {
  validator = await ResponseValidator.create()
})

function exchange(status: number, body: unknown, contentType = 'application/json'): Exchange {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return {
    request: { method: 'GET', url: 'http://127.0.0.1/alice', headers: {} },
    response: {
      status,
      headers: { 'content-type': contentType },
      body: new TextEncoder().encode(text),
      text,
      json: typeof body === 'string' ? undefined : body,
    },
  }
}

const walletAddress = {
  id: 'http://127.0.0.1/alice',
  assetCode: 'USD',
  assetScale: 2,
  authServer: 'http://127.0.0.1:1/',
  resourceServer: 'http://127.0.0.1/',
}

const AMOUNT = { value: '100', assetCode: 'USD', assetScale: 2 }
const QUOTE = {
  id: 'http://127.0.0.1/quotes/1',
  walletAddress: 'http://127.0.0.1/alice',
  receiver: 'http://127.0.0.1/incoming-payments/1',
  receiveAmount: AMOUNT,
  debitAmount: AMOUNT,
  method: 'ilp',
  createdAt: '2026-01-01T00:00:00.000Z',
}

describe('automatic response checks', () => {
  test('a valid wallet address document passes', () => {
    assert.equal(
      checkResponse(validator, OPERATIONS.getWalletAddress, exchange(200, walletAddress)),
      undefined,
    )
  })

  const failing: [string, Exchange, string][] = [
    [
      'a server error to a valid request fails the operation rule',
      exchange(500, { error: 'boom' }),
      '[WA-DOC]',
    ],
    ['a text/html body', exchange(200, walletAddress, 'text/html'), '[GEN-JSON]'],
    ['a body that is not JSON', exchange(200, '{"id":', 'application/json'), '[GEN-JSON]'],
    // The spec does not describe the wallet address document: its schema is the OpenAPI document's word.
    ['a missing required field', exchange(200, { ...walletAddress, assetScale: undefined }), '[OAS-STRICT]'],
    ['an assetScale of 256', exchange(200, { ...walletAddress, assetScale: 256 }), '[OAS-STRICT]'],
  ]
  for (const [name, sample, prefix] of failing) {
    test(`${name} fails with ${prefix}`, () => {
      const problem = checkResponse(validator, OPERATIONS.getWalletAddress, sample)
      assert.ok(problem?.startsWith(prefix), `expected ${prefix}, got ${problem}`)
    })
  }

  test('a member the schema does not list is beyond the spec: [OAS-STRICT]', () => {
    const quote = QUOTE
    assert.equal(checkResponse(validator, OPERATIONS.getQuote, exchange(200, quote)), undefined)
    const problem = checkResponse(validator, OPERATIONS.getQuote, exchange(200, { ...quote, extra: 1 }))
    assert.ok(problem?.startsWith('[OAS-STRICT]'), problem)
    const missing = checkResponse(
      validator,
      OPERATIONS.getQuote,
      exchange(200, { ...quote, id: undefined, extra: 1 }),
    )
    assert.ok(missing?.startsWith('[GEN-SCHEMA]'), missing)
  })

  test('a quote without method is not a schema failure: the spec shows no quote member as required', () => {
    const { method: _, ...quote } = QUOTE
    assert.equal(checkResponse(validator, OPERATIONS.getQuote, exchange(200, quote)), undefined)
    assert.equal(
      checkResponse(validator, OPERATIONS.getQuote, exchange(200, { ...quote, method: 7 }))?.slice(0, 12),
      '[GEN-SCHEMA]',
    )
  })

  test('a quote needs only id and its amounts at the spec tier: the rest the OpenAPI document alone requires', () => {
    for (const member of ['walletAddress', 'receiver', 'createdAt']) {
      const problem = checkResponse(
        validator,
        OPERATIONS.createQuote,
        exchange(201, { ...QUOTE, [member]: undefined }),
      )
      assert.ok(problem?.startsWith('[OAS-STRICT]'), `${member}: ${problem}`)
      assert.match(problem ?? '', new RegExp(member))
    }
    for (const member of ['id', 'debitAmount', 'receiveAmount']) {
      const problem = checkResponse(
        validator,
        OPERATIONS.getQuote,
        exchange(200, { ...QUOTE, [member]: undefined }),
      )
      assert.ok(problem?.startsWith('[GEN-SCHEMA]'), `${member}: ${problem}`)
    }
    const mistyped = checkResponse(validator, OPERATIONS.getQuote, exchange(200, { ...QUOTE, createdAt: 7 }))
    assert.ok(mistyped?.startsWith('[GEN-SCHEMA]'), mistyped)
  })

  test('bodies the spec does not describe are judged beyond the spec, naming the rule of the member', () => {
    const wallet = checkResponse(
      validator,
      OPERATIONS.getWalletAddress,
      exchange(200, { ...walletAddress, assetScale: undefined }),
    )
    assert.deepEqual(rulesNamedIn(wallet ?? ''), ['OAS-STRICT', 'WA-DOC'])
    const held: RuleId[] = []
    checkResponse(validator, OPERATIONS.getWalletAddress, exchange(200, walletAddress), 'valid', held)
    assert.deepEqual(held, ['GEN-JSON', 'OAS-STRICT'])
    const grant = checkResponse(validator, OPERATIONS.postGrant, exchange(200, { interact: {} }))
    assert.ok(grant?.startsWith('[OAS-STRICT]'), grant)
    const rotated = checkResponse(validator, OPERATIONS.rotateToken, exchange(200, { access_token: 7 }))
    assert.ok(rotated?.startsWith('[OAS-STRICT]'), rotated)
  })

  test('a continuation error with a code the OpenAPI document does not list for its status is beyond the spec', () => {
    const problem = checkResponse(
      validator,
      OPERATIONS.postContinue,
      exchange(400, { error: { code: 'invalid_request', description: 'x' } }),
    )
    assert.ok(problem?.startsWith('[OAS-GRANT-ERROR]'), problem)
  })

  test('a 500 to a valid create fails IP-CREATE; to invalid input, robustness', () => {
    const boom = exchange(500, { error: 'boom' })
    assert.ok(checkResponse(validator, OPERATIONS.createIncomingPayment, boom)?.startsWith('[IP-CREATE]'))
    const robust = checkResponse(validator, OPERATIONS.createIncomingPayment, boom, 'invalid')
    assert.ok(robust?.startsWith('[ROB-INVALID-INPUT]'), robust)
  })

  test('a body that is not JSON to invalid input is robustness, to a valid request GEN-JSON', () => {
    const html = exchange(400, '<html>bad</html>', 'text/html')
    assert.ok(
      checkResponse(validator, OPERATIONS.createQuote, html, 'invalid')?.startsWith('[ROB-INVALID-INPUT]'),
    )
    assert.ok(checkResponse(validator, OPERATIONS.createQuote, html)?.startsWith('[GEN-JSON]'))
  })

  test("the grant request endpoint's error body without code is beyond the spec: [OAS-GRANT-ERROR]", () => {
    const problem = checkResponse(
      validator,
      OPERATIONS.postGrant,
      exchange(400, { error: { description: 'x' } }),
    )
    assert.ok(problem?.startsWith('[OAS-GRANT-ERROR]'), problem)
  })

  test('the continuation endpoint error body without code stays a spec failure', () => {
    const problem = checkResponse(
      validator,
      OPERATIONS.postContinue,
      exchange(401, { error: { description: 'x' } }),
    )
    assert.ok(problem?.startsWith('[GEN-SCHEMA]'), problem)
  })

  test('a schema failure names the JSON pointer', () => {
    const problem = checkResponse(
      validator,
      OPERATIONS.getWalletAddress,
      exchange(200, { ...walletAddress, assetScale: 'two' }),
    )
    assert.match(problem ?? '', /\/assetScale: must be integer/)
  })

  test('a resource-server error without the envelope fails with [ERR-ENVELOPE]', () => {
    const problem = checkResponse(validator, OPERATIONS.createQuote, exchange(409, { message: 'conflict' }))
    assert.ok(problem?.startsWith('[ERR-ENVELOPE]'), problem)
  })

  test('a documented resource-server error without the envelope fails ERR-ENVELOPE beside GEN-SCHEMA', () => {
    for (const body of [
      { error: 'forbidden', error_description: 'x' },
      { message: 'x' },
      { error: { code: 'x' } },
    ]) {
      const problem = checkResponse(validator, OPERATIONS.getQuote, exchange(403, body))
      assert.deepEqual(rulesNamedIn(problem ?? ''), ['GEN-SCHEMA', 'ERR-ENVELOPE'], JSON.stringify(body))
    }
  })

  test('a resource-server error with the envelope passes', () => {
    const body = { error: { code: 'invalid_request', description: 'bad' } }
    assert.equal(checkResponse(validator, OPERATIONS.createQuote, exchange(409, body)), undefined)
  })

  test('a 204 without a body passes', () => {
    assert.equal(checkResponse(validator, OPERATIONS.revokeToken, exchange(204, '', '')), undefined)
  })
})

describe('operations', () => {
  for (const [name, operation] of Object.entries(OPERATIONS)) {
    test(`${name} exists in the official ${operation.api} document`, () => {
      assert.ok(validator.hasOperation(operation.api, operation.operationId))
    })
  }
})
