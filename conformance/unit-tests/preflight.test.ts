import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { ExchangeResponse, Transport } from '../../clients/src/index.ts'
import { fetchWalletAddress } from '../harness/preflight/check-wallet-address.ts'

/** Why the URL leads to no wallet address, or undefined when the run can start. */
async function walletAddressProblem(url: string, transport?: Transport): Promise<string | undefined> {
  const fetched = await fetchWalletAddress(url, transport)
  return 'problem' in fetched ? fetched.problem : undefined
}

const answer = (status: number, json: unknown, text = JSON.stringify(json)): Transport => {
  return async () =>
    ({ status, headers: {}, body: new TextEncoder().encode(text), text, json }) satisfies ExchangeResponse
}

const document = {
  id: 'http://127.0.0.1:1/alice',
  assetCode: 'USD',
  assetScale: 2,
  authServer: 'http://127.0.0.1:2',
  resourceServer: 'http://127.0.0.1:1',
}

describe('pre-flight wallet address check', () => {
  test('a wallet address document passes', async () => {
    assert.equal(await walletAddressProblem(document.id, answer(200, document)), undefined)
  })

  const cases: [string, Transport, RegExp][] = [
    ['a 404', answer(404, { error: 'nope' }), /answered HTTP 404, not 200/],
    ['an HTML page', answer(200, undefined, '<html></html>'), /not a JSON object/],
    [
      'a JSON object with none of the wallet address members',
      answer(200, { id: 'x' }),
      /none of assetCode, assetScale, authServer, resourceServer/,
    ],
    ['a JSON array', answer(200, [document]), /not a JSON object/],
  ]
  for (const [name, transport, expected] of cases) {
    test(`${name} is named`, async () => {
      assert.match((await walletAddressProblem(document.id, transport)) ?? '', expected)
    })
  }

  // A server fault, not a configuration mistake: the run starts and WA-DOC fails it.
  test('a wallet address document without assetScale, or with a mistyped one, lets the run start', async () => {
    const { assetScale: _, ...withoutScale } = document
    assert.equal(await walletAddressProblem(document.id, answer(200, withoutScale)), undefined)
    const fetched = await fetchWalletAddress(document.id, answer(200, { ...document, assetScale: '2' }))
    assert.deepEqual('defects' in fetched && fetched.defects, ['assetScale'])
    assert.deepEqual(await fetchWalletAddress(document.id, answer(200, document)), { document, defects: [] })
  })

  test('nothing listening: the socket error, within seconds', async () => {
    const started = Date.now()
    const problem = await walletAddressProblem('http://127.0.0.1:9/alice')
    assert.match(problem ?? '', /ECONNREFUSED/)
    assert.ok(Date.now() - started < 5_000)
  })
})
