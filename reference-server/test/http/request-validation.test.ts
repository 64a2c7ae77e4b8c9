import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { type RunningServer, startServer } from '../../src/server.ts'
import { testConfig } from '../support/helpers.ts'

// Validation comes first in every route's chain, so these need no token or signature: the body or query
// is refused before anyone asks who sent it.

const amount = { value: '5', assetCode: 'USD', assetScale: 2 }
const W = 'http://127.0.0.1/alice'
const IP = 'http://127.0.0.1/incoming-payments/1'

type Case = [name: string, body: unknown, field: string | undefined]

const BODIES: Record<string, Case[]> = {
  'POST /incoming-payments': [
    ['no walletAddress', {}, 'walletAddress'],
    ['an unknown field', { walletAddress: W, amount }, 'amount'],
    ['a numeric walletAddress', { walletAddress: 5 }, 'walletAddress'],
    [
      'an amount value of 2^64',
      { walletAddress: W, incomingAmount: { ...amount, value: '18446744073709551616' } },
      'incomingAmount.value',
    ],
    [
      'assetScale 256',
      { walletAddress: W, incomingAmount: { ...amount, assetScale: 256 } },
      'incomingAmount.assetScale',
    ],
    ['a malformed expiresAt', { walletAddress: W, expiresAt: 'tomorrow' }, 'expiresAt'],
    ['metadata that is not an object', { walletAddress: W, metadata: [1] }, 'metadata'],
  ],
  'POST /quotes': [
    ['no walletAddress', { receiver: IP, method: 'ilp' }, 'walletAddress'],
    ['an unknown field', { walletAddress: W, receiver: IP, method: 'ilp', fee: amount }, 'fee'],
    ['a numeric receiver', { walletAddress: W, receiver: 5, method: 'ilp' }, 'receiver'],
    [
      'a debitAmount value that is not a number string',
      { walletAddress: W, receiver: IP, method: 'ilp', debitAmount: { ...amount, value: '1.5' } },
      'debitAmount.value',
    ],
    ['no method', { walletAddress: W, receiver: IP, debitAmount: amount }, 'method'],
    ['another method', { walletAddress: W, receiver: IP, method: 'card' }, 'method'],
    [
      'a receiver that is not an incoming payment',
      { walletAddress: W, receiver: W, method: 'ilp' },
      'receiver',
    ],
    [
      'both amounts',
      { walletAddress: W, receiver: IP, method: 'ilp', debitAmount: amount, receiveAmount: amount },
      'debitAmount',
    ],
  ],
  'POST /outgoing-payments': [
    ['no walletAddress', { quoteId: IP }, 'walletAddress'],
    ['an unknown field', { walletAddress: W, quoteId: IP, note: 'x' }, 'note'],
    ['a numeric quoteId', { walletAddress: W, quoteId: 5 }, 'quoteId'],
    ['metadata that is not an object', { walletAddress: W, quoteId: IP, metadata: 'x' }, 'metadata'],
    [
      'a debitAmount without assetScale',
      { walletAddress: W, incomingPayment: IP, debitAmount: { value: '5', assetCode: 'USD' } },
      'debitAmount.assetScale',
    ],
    ['neither form', { walletAddress: W }, 'quoteId'],
    ['both forms', { walletAddress: W, quoteId: IP, incomingPayment: IP, debitAmount: amount }, 'quoteId'],
    ['incomingPayment without debitAmount', { walletAddress: W, incomingPayment: IP }, 'debitAmount'],
  ],
}

// The authorization server's, by path as requested.
const GRANT = { access_token: { access: [{ type: 'quote', actions: ['create'] }] }, client: W }
const AUTH_BODIES: Record<string, Case[]> = {
  '/': [
    ['no access_token', { client: W }, 'access_token'],
    ['a numeric client', { ...GRANT, client: 5 }, 'client'],
    [
      'an access type that does not exist',
      { access_token: { access: [{ type: 'nonsense' }] } },
      'access_token.access.0.actions',
    ],
  ],
  '/continue/x': [
    ['a numeric interact_ref', { interact_ref: 5 }, 'interact_ref'],
    ['an array', [1], undefined],
  ],
}

const QUERIES: [name: string, query: string, field: string][] = [
  ['no wallet-address', '', 'wallet-address'],
  ['first=0', `?wallet-address=${W}&first=0`, 'first'],
  ['first=101', `?wallet-address=${W}&first=101`, 'first'],
  ['first=abc', `?wallet-address=${W}&first=abc`, 'first'],
  ['first=1.0', `?wallet-address=${W}&first=1.0`, 'first'],
  ['first given twice', `?wallet-address=${W}&first=1&first=2`, 'first'],
  ['an empty cursor', `?wallet-address=${W}&cursor=`, 'cursor'],
]

describe('requests validated from the OpenAPI documents', () => {
  let server: RunningServer

  before(async () => {
    server = await startServer(testConfig({ AUTH_PORT: '0' }))
  })

  after(() => server?.close())

  const assertRefused = async (response: Response, field: string | undefined) => {
    const body = (await response.json()) as {
      error: { code: string; description: string; details: { field?: string; violations: unknown[] } }
    }
    assert.equal(response.status, 400, JSON.stringify(body))
    assert.equal(body.error.code, 'invalid_request')
    assert.match(body.error.description, /does not match the Open Payments schema/)
    assert.ok(body.error.details.violations.length > 0)
    assert.equal(body.error.details.field, field)
  }
  const post = (url: string, body: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  // Every route whose body the document requires: none at all, or one that is no object.
  for (const route of Object.keys(BODIES)) {
    for (const [name, body] of [
      ['no body', undefined],
      ['an array', [1]],
      ['a string', 'x'],
    ] as const) {
      it(`${route}: refuses ${name}`, async () => {
        const url = `${server.url}${route.split(' ')[1]}`
        const response = body === undefined ? await fetch(url, { method: 'POST' }) : await post(url, body)
        await assertRefused(response, undefined)
      })
    }
  }

  for (const [route, cases] of Object.entries(BODIES)) {
    for (const [name, body, field] of cases) {
      it(`${route}: refuses ${name}`, async () => {
        await assertRefused(await post(`${server.url}${route.split(' ')[1]}`, body), field)
      })
    }
  }

  for (const list of ['/incoming-payments', '/outgoing-payments']) {
    for (const [name, query, field] of QUERIES) {
      it(`GET ${list}: refuses ${name}`, async () => {
        await assertRefused(await fetch(`${server.url}${list}${query}`), field)
      })
    }
  }

  for (const [path, cases] of Object.entries(AUTH_BODIES)) {
    for (const [name, body, field] of cases) {
      it(`auth POST ${path}: refuses ${name}`, async () => {
        await assertRefused(await post(`${server.authUrl}${path}`, body), field)
      })
    }
  }

  it('auth POST /: refuses a request without a body', async () => {
    await assertRefused(await fetch(server.authUrl, { method: 'POST' }), undefined)
  })

  it('lets a valid body through to authentication', async () => {
    const response = await post(`${server.url}/incoming-payments`, {
      walletAddress: W,
      incomingAmount: amount,
    })
    assert.equal(response.status, 401)
  })
})
