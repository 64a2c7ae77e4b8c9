import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { type RunningServer, startServer } from '../src/server.ts'
import { testConfig } from './helpers.ts'

// Validation comes first in every route's chain, so these need no token or signature: the body or query
// is refused before anyone asks who sent it.

const amount = { value: '5', assetCode: 'USD', assetScale: 2 }
const W = 'http://127.0.0.1/alice'
const IP = 'http://127.0.0.1/incoming-payments/1'

type Case = [name: string, body: unknown, field: string | undefined]

const BODIES: Record<string, Case[]> = {
  'POST /incoming-payments': [
    ['an array', [1], undefined],
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
    ['neither form', { walletAddress: W }, 'quoteId'],
    ['both forms', { walletAddress: W, quoteId: IP, incomingPayment: IP, debitAmount: amount }, 'quoteId'],
    ['incomingPayment without debitAmount', { walletAddress: W, incomingPayment: IP }, 'debitAmount'],
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

  it('POST / (grant request): refuses a body that is not a grant request', async () => {
    await assertRefused(
      await post(server.authUrl, { access_token: { access: [{ type: 'nonsense' }] } }),
      'access_token.access.0.actions',
    )
  })

  it('POST /continue/{id}: refuses a numeric interact_ref', async () => {
    await assertRefused(await post(`${server.authUrl}/continue/x`, { interact_ref: 5 }), 'interact_ref')
  })

  it('lets a valid body through to authentication', async () => {
    const response = await post(`${server.url}/incoming-payments`, {
      walletAddress: W,
      incomingAmount: amount,
    })
    assert.equal(response.status, 401)
  })
})
