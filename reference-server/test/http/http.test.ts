import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import express from 'express'
import { bodyParser } from '../../src/http/body-parser.ts'
import { errorHandler } from '../../src/http/error-handler.ts'
import { type RunningServer, startServer } from '../../src/server.ts'
import { getJson, testConfig } from '../support/helpers.ts'

function assertEnvelope(body: unknown, code: string): void {
  const { error } = body as { error: { code: unknown; description: unknown } }
  assert.equal(error.code, code)
  assert.equal(typeof error.description, 'string')
  assert.doesNotMatch(JSON.stringify(body), /at .*\.ts:\d+/, 'no stack trace')
}

describe('HTTP plumbing', () => {
  let server: RunningServer

  before(async () => {
    server = await startServer(testConfig())
  })

  after(() => server.close())

  it('answers GET /healthz', async () => {
    const { response, body } = await getJson(`${server.url}/healthz`)
    assert.equal(response.status, 200)
    assert.deepEqual(body, { status: 'ok' })
  })

  it('answers unknown routes with a 404 envelope', async () => {
    for (const [method, path] of [
      ['GET', '/alice/unknown/deeper'],
      ['POST', '/alice'],
      ['DELETE', '/healthz'],
    ] as const) {
      const { response, body } = await getJson(`${server.url}${path}`, { method })
      assert.equal(response.status, 404, `${method} ${path}`)
      assertEnvelope(body, 'not_found')
    }
  })

  it('answers a malformed JSON body with a 400 envelope', async () => {
    for (const payload of ['{"walletAddress":', '{bad}', '\u00ff']) {
      const { response, body } = await getJson(`${server.url}/alice`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
      })
      assert.equal(response.status, 400, payload)
      assertEnvelope(body, 'invalid_request')
    }
  })

  it('answers a non-JSON body with a 400 envelope', async () => {
    const { response, body } = await getJson(`${server.url}/alice`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    })
    assert.equal(response.status, 400)
    assertEnvelope(body, 'invalid_request')
  })

  it('answers a bad percent-encoding with a 400 envelope', async () => {
    const { response, body } = await getJson(`${server.url}/%E0%A4%A`)
    assert.equal(response.status, 400)
    assertEnvelope(body, 'invalid_request')
  })

  it('generates a request id, or echoes a sane incoming one', async () => {
    const generated = await fetch(`${server.url}/healthz`)
    assert.match(generated.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
    const echoed = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'suite-run-42' } })
    assert.equal(echoed.headers.get('x-request-id'), 'suite-run-42')
    const replaced = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'a b' } })
    assert.notEqual(replaced.headers.get('x-request-id'), 'a b')
  })
})

describe('GET /healthz/ledger', () => {
  it('is served only with LEDGER_ENDPOINT, and reports the seeded ledger as balanced', async () => {
    const plain = await startServer(testConfig())
    try {
      assert.equal((await getJson(`${plain.url}/healthz/ledger`)).response.status, 404)
    } finally {
      await plain.close()
    }
    const server = await startServer(testConfig({ LEDGER_ENDPOINT: 'true' }))
    try {
      const { response, body } = await getJson(`${server.url}/healthz/ledger`)
      assert.equal(response.status, 200)
      assert.deepEqual(body, {
        balanced: true,
        assets: [
          {
            assetCode: 'EUR',
            assetScale: 2,
            seeded: '18446744073709551615',
            held: '18446744073709551615',
            exchangeNet: '0',
          },
          { assetCode: 'USD', assetScale: 2, seeded: '200000000', held: '200000000', exchangeNet: '0' },
        ],
        walletsOutOfStep: [],
        grantsOutOfStep: [],
      })
    } finally {
      await server.close()
    }
  })
})

describe('bodyParser', () => {
  let url: string
  let close: () => void

  before(async () => {
    const app = express()
    app.use(bodyParser({ limit: '1kb' }))
    app.all('/echo', (req, res) => {
      res.json({ body: req.body ?? null, raw: req.rawBody?.toString('base64') ?? null })
    })
    app.use(errorHandler)
    const listener = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => listener.once('listening', resolve))
    url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/echo`
    close = () => listener.close()
  })

  after(() => close())

  it('keeps the exact body bytes beside the parsed JSON', async () => {
    const payload = '{ "b": 1,\n  "a": "\u00e9" }'
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/merge-patch+json',
    ]) {
      const { body } = await getJson(url, {
        method: 'POST',
        headers: { 'content-type': type },
        body: payload,
      })
      assert.deepEqual(
        body,
        { body: { b: 1, a: '\u00e9' }, raw: Buffer.from(payload).toString('base64') },
        type,
      )
    }
  })

  it('leaves the body unset when there is none, or when it is empty', async () => {
    assert.deepEqual((await getJson(url)).body, { body: null, raw: null })
    assert.deepEqual((await getJson(url, { method: 'POST' })).body, { body: null, raw: '' })
  })

  it('answers an oversized body with a 413 envelope', async () => {
    const { response, body } = await getJson(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(2048) }),
    })
    assert.equal(response.status, 413)
    assertEnvelope(body, 'payload_too_large')
  })
})
