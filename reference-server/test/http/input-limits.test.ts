import assert from 'node:assert/strict'
import { connect, type Socket } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { MAX_HEADER_BYTES } from '../../src/http/http-server.ts'
import { type RunningServer, startServer } from '../../src/server.ts'
import { METADATA_MAX_BYTES } from '../../src/shared/request-input.ts'
import { databaseVariants, testConfig } from '../support/helpers.ts'
import { type PaymentServer, sleep, startPaymentServer } from '../support/payment-server-fixture.ts'

const REQUEST_TIMEOUT_MS = 500

/** Writes `chunks` to a raw connection (pausing `pauseMs` between them) and returns all it got back once closed. */
async function rawExchange(
  url: string,
  chunks: string[],
  pauseMs = 0,
): Promise<{ reply: string; closedAfterMs: number }> {
  const { hostname, port } = new URL(url)
  const started = Date.now()
  const socket: Socket = connect(Number(port), hostname)
  let reply = ''
  socket.on('data', (data) => {
    reply += data.toString()
  })
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  socket.on('error', () => {})
  for (const chunk of chunks) {
    if (socket.destroyed) break
    socket.write(chunk)
    await Promise.race([sleep(pauseMs), closed])
  }
  await closed
  return { reply, closedAfterMs: Date.now() - started }
}

function envelopeOf(reply: string): { status: number; code: string } {
  const status = Number(reply.split(' ')[1])
  const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as { error: { code: string } }
  return { status, code: body.error.code }
}

describe('limits on what a client may send', () => {
  let server: RunningServer

  before(async () => {
    server = await startServer(
      testConfig({
        AUTH_PORT: '0',
        REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        SHUTDOWN_TIMEOUT_MS: '300',
      }),
    )
  })

  after(() => server?.close())

  it('answers a request head over the limit with 431 and the envelope, on both ports', async () => {
    for (const url of [server.url, server.authUrl]) {
      const { reply } = await rawExchange(url, [
        `GET /alice HTTP/1.1\r\nHost: x\r\nX-Pad: ${'x'.repeat(MAX_HEADER_BYTES)}\r\n\r\n`,
      ])
      assert.deepEqual(envelopeOf(reply), { status: 431, code: 'request_header_fields_too_large' })
    }
  })

  it('answers bytes that are not HTTP with 400 and the envelope', async () => {
    const { reply } = await rawExchange(server.url, ['NOT HTTP AT ALL\r\n\r\n'])
    assert.deepEqual(envelopeOf(reply), { status: 400, code: 'invalid_request' })
  })

  for (const [name, chunks] of [
    ['a head that never ends', ['GET /alice HTTP/1.1\r\n', 'Host: x\r\n', 'X-A: 1\r\n', 'X-B: 1\r\n']],
    [
      'a body sent a byte at a time',
      [
        'POST /incoming-payments HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n',
        ...'{"walletAddress":"a"}',
      ],
    ],
  ] as const) {
    it(`closes ${name} with 408 after REQUEST_TIMEOUT_MS`, async () => {
      const { reply, closedAfterMs } = await rawExchange(server.url, [...chunks], 150)
      assert.deepEqual(envelopeOf(reply), { status: 408, code: 'request_timeout' })
      assert.ok(closedAfterMs < REQUEST_TIMEOUT_MS + 2000, `held ${closedAfterMs} ms`)
    })
  }

  it('closes a connection that never sends a byte', async () => {
    const { closedAfterMs } = await rawExchange(server.url, [])
    assert.ok(closedAfterMs < REQUEST_TIMEOUT_MS + 2000, `held ${closedAfterMs} ms`)
  })

  it('shuts down within SHUTDOWN_TIMEOUT_MS although a client never finishes its request', async () => {
    const slow = await startServer(
      testConfig({ AUTH_PORT: '0', REQUEST_TIMEOUT_MS: '60000', SHUTDOWN_TIMEOUT_MS: '300' }),
    )
    const stuck = rawExchange(slow.url, [
      'POST /incoming-payments HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{',
    ])
    await sleep(100)
    const started = Date.now()
    await slow.close()
    assert.ok(Date.now() - started < 2000, `close took ${Date.now() - started} ms`)
    await stuck
  })
})

for (const variant of databaseVariants('input-limits')) {
  describe(`metadata size (${variant.name})`, () => {
    let f: PaymentServer

    before(async () => {
      f = await startPaymentServer(variant)
    })

    after(() => f?.close())

    it('answers a body over 1 MB with 413 and the envelope', async () => {
      const response = await fetch(`${f.server.url}/incoming-payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ metadata: { pad: 'x'.repeat(1024 * 1024) } }),
      })
      assert.equal(response.status, 413)
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'payload_too_large')
    })

    it(`refuses metadata over ${METADATA_MAX_BYTES} bytes with 400 naming the field, and stores it up to that`, async () => {
      const token = await f.receiverToken()
      const create = (pad: number) =>
        f.client.send('POST', `${f.server.url}/incoming-payments`, {
          token,
          json: { walletAddress: f.bob, metadata: { pad: 'x'.repeat(pad) } },
        })
      // {"pad":"…"} is 10 bytes around the padding.
      const fits = await create(METADATA_MAX_BYTES - 10)
      assert.equal(fits.status, 201, JSON.stringify(fits.body))
      const tooLarge = await create(METADATA_MAX_BYTES - 9)
      assert.equal(tooLarge.status, 400)
      assert.deepEqual((tooLarge.body as { error: { details: unknown } }).error.details, {
        field: 'metadata',
      })
    })
  })
}
