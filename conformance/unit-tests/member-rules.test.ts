import assert from 'node:assert/strict'
import { before, describe, test } from 'node:test'
import type { Exchange } from '../../clients/src/index.ts'
import { isReceiverUrl, lastingFields, outgoingPaymentProblems } from '../checks/outgoing-payment-checks.ts'
import { subjectProblems } from '../harness/gnap/subject-grant.ts'
import { checkResponse } from '../harness/http/response-checks.ts'
import { OPERATIONS } from '../harness/openapi/operations.ts'
import { ResponseValidator } from '../harness/openapi/response-validator.ts'
import { memberRules } from '../harness/rules/member-rules.ts'
import { refsNamedIn, refText, rulesNamedIn } from '../harness/rules/rules-named-in.ts'

const payment = {
  id: 'https://ase.example/outgoing-payments/1',
  walletAddress: 'https://ase.example/alice',
  failed: false,
  receiver: 'https://ase.example/bob/incoming-payments/2',
  debitAmount: { value: '10', assetCode: 'USD', assetScale: 2 },
  receiveAmount: { value: '10', assetCode: 'USD', assetScale: 2 },
  sentAmount: { value: '0', assetCode: 'USD', assetScale: 2 },
  createdAt: '2026-01-01T00:00:00Z',
}

describe('the receiver pattern', () => {
  const cases: [string, boolean][] = [
    ['https://ase.example/incoming-payments/2', true],
    ['http://127.0.0.1:3000/any/path/incoming-payments/a-b', true],
    ['/incoming-payments/2', false],
    ['ftp://ase.example/incoming-payments/2', false],
    ['https://ase.example/incoming-payments/', false],
    ['https://ase.example/incoming/2', false],
  ]
  for (const [value, expected] of cases) {
    test(`${value} ${expected ? 'is' : 'is not'} a receiver`, () =>
      assert.equal(isReceiverUrl(value), expected))
  }
})

describe('the fields of an outgoing payment', () => {
  test('a payment with every field right has no problem', () =>
    assert.deepEqual(outgoingPaymentProblems(payment), []))

  const broken: [string, Record<string, unknown>, RegExp][] = [
    ['a relative receiver', { receiver: '/incoming-payments/2' }, /^receiver/],
    ['failed as a string', { failed: 'false' }, /^failed/],
    [
      'a sentAmount value as a number',
      { sentAmount: { value: 0, assetCode: 'USD', assetScale: 2 } },
      /^sentAmount.value/,
    ],
    ['no debitAmount', { debitAmount: undefined }, /^debitAmount/],
    [
      'an assetScale of 256',
      { receiveAmount: { value: '1', assetCode: 'USD', assetScale: 256 } },
      /assetScale/,
    ],
    ['a createdAt that is no date-time', { createdAt: 'yesterday' }, /^createdAt/],
  ]
  for (const [name, change, problem] of broken) {
    test(`${name} is a problem`, () => {
      const problems = outgoingPaymentProblems({ ...payment, ...change })
      assert.equal(problems.length, 1, problems.join('; '))
      assert.match(problems[0]!, problem)
    })
  }

  test('lasting fields ignore how far it was sent, and compare times as instants', () => {
    const later = {
      ...payment,
      sentAmount: { ...payment.sentAmount, value: '10' },
      createdAt: '2026-01-01T00:00:00.000Z',
    }
    assert.deepEqual(lastingFields(later), lastingFields(payment))
    assert.notDeepEqual(
      lastingFields({ ...payment, createdAt: '2026-01-01T00:00:01Z' }),
      lastingFields(payment),
    )
  })
})

describe('schema violations name the rule of the member they are about', () => {
  const create = OPERATIONS.createOutgoingPayment.operationId
  test('a receiver, created or listed', () => {
    assert.deepEqual(memberRules(create, [{ pointer: '/receiver', message: 'must match pattern' }]), [
      'OP-RECEIVER',
    ])
    assert.deepEqual(
      memberRules(OPERATIONS.listOutgoingPayments.operationId, [
        { pointer: '/result/3/receiver', message: 'x' },
      ]),
      ['OP-RECEIVER', 'OP-LIST-FIELDS'],
    )
  })
  test("a quote's missing method", () => {
    const missing = {
      pointer: '/',
      message: 'must have required property \'method\' {"missingProperty":"method"}',
    }
    assert.deepEqual(memberRules(OPERATIONS.getQuote.operationId, [missing]), ['QT-METHOD'])
  })
  test('a wallet address document: a missing member is WA-DOC, a bad asset or URL its own rule too', () => {
    const wallet = OPERATIONS.getWalletAddress.operationId
    const missing = {
      pointer: '/',
      message: 'must have required property \'assetScale\' {"missingProperty":"assetScale"}',
    }
    assert.deepEqual(memberRules(wallet, [missing]), ['WA-DOC'])
    assert.deepEqual(memberRules(wallet, [{ pointer: '/assetScale', message: 'must be <= 255' }]), [
      'WA-DOC',
      'WA-ASSET',
    ])
    assert.deepEqual(memberRules(wallet, [{ pointer: '/authServer', message: 'must match format "uri"' }]), [
      'WA-DOC',
      'WA-URLS',
    ])
    assert.deepEqual(memberRules(wallet, [{ pointer: '/publicName', message: 'must be string' }]), [])
  })
  test('other members, or the same member of another operation, name no rule', () => {
    assert.deepEqual(memberRules(create, [{ pointer: '/debitAmount/value', message: 'x' }]), [])
    assert.deepEqual(
      memberRules(OPERATIONS.createQuote.operationId, [{ pointer: '/receiver', message: 'x' }]),
      [],
    )
  })

  let validator: ResponseValidator
  before(async () => {
    validator = await ResponseValidator.create()
  })
  test('the automatic check of a created payment with a relative receiver fails GEN-SCHEMA and OP-RECEIVER', () => {
    const body = { ...payment, receiver: '/incoming-payments/2' }
    const text = JSON.stringify(body)
    const exchange: Exchange = {
      request: { method: 'POST', url: 'https://ase.example/outgoing-payments', headers: {} },
      response: {
        status: 201,
        headers: { 'content-type': 'application/json' },
        body: new TextEncoder().encode(text),
        text,
        json: body,
      },
    }
    const problem = checkResponse(validator, OPERATIONS.createOutgoingPayment, exchange)
    assert.deepEqual(rulesNamedIn(problem ?? ''), ['GEN-SCHEMA', 'OP-RECEIVER'])
  })
})

describe('the subject member of a continuation response', () => {
  test('sub_ids of id and format strings has no problem', () => {
    assert.deepEqual(subjectProblems({ sub_ids: [{ id: 'https://ase.example/alice', format: 'uri' }] }), [])
  })
  const broken: [string, unknown][] = [
    ['no sub_ids', {}],
    ['an empty sub_ids', { sub_ids: [] }],
    ['a sub_id without format', { sub_ids: [{ id: 'https://ase.example/alice' }] }],
    ['a sub_id whose id is a number', { sub_ids: [{ id: 7, format: 'uri' }] }],
  ]
  for (const [name, subject] of broken) {
    test(`${name} is a problem`, () => assert.equal(subjectProblems(subject).length, 1))
  }
  test('a schema violation under subject names CONT-SUBJECT', () => {
    const missing = { pointer: '/subject/sub_ids/0', message: 'x {"missingProperty":"format"}' }
    assert.deepEqual(memberRules(OPERATIONS.postContinue.operationId, [missing]), ['CONT-SUBJECT'])
  })
})

describe('the issued token and continue member of a continuation response', () => {
  const token = {
    value: 'OS9M2PMHKUR64TB8N6BW7OZB8CDFONP219RP1LT0',
    manage: 'https://auth.example/token/1',
    expires_in: 600,
    access: [{ type: 'outgoing-payment', actions: ['create'], identifier: 'https://ase.example/alice' }],
  }
  const continued = { access_token: { value: 'x' }, uri: 'https://auth.example/continue/1' }
  let validator: ResponseValidator
  before(async () => {
    validator = await ResponseValidator.create()
  })
  const refsOf = (body: unknown) => {
    const text = JSON.stringify(body)
    const exchange: Exchange = {
      request: { method: 'POST', url: 'https://auth.example/continue/1', headers: {} },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: new TextEncoder().encode(text),
        text,
        json: body,
      },
    }
    return refsNamedIn(checkResponse(validator, OPERATIONS.postContinue, exchange) ?? '').map(refText)
  }
  test('an issued token with continue has no problem', () =>
    assert.deepEqual(refsOf({ access_token: token, continue: continued }), []))
  test('a token without manage names CONT-SUCCESS#access-token beside GEN-SCHEMA', () => {
    const { manage: _, ...withoutManage } = token
    assert.deepEqual(refsOf({ access_token: withoutManage, continue: continued }), [
      'GEN-SCHEMA',
      'CONT-SUCCESS#access-token',
    ])
  })
  test('a token without continue names CONT-SUCCESS#continue beside GEN-SCHEMA', () =>
    assert.deepEqual(refsOf({ access_token: token }), ['GEN-SCHEMA', 'CONT-SUCCESS#continue']))
})
