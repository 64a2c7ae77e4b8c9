import assert from 'node:assert/strict'
import { createPublicKey } from 'node:crypto'
import { after, before, test } from 'node:test'
import { createVerifier, httpbis } from 'http-message-signatures'
import { contentDigest } from '../src/content-digest.ts'
import { generateClientKey } from '../src/keys.ts'
import { OpenPaymentsClient } from '../src/open-payments-client.ts'
import { type EchoServer, startEchoServer } from './echo-server.ts'

const key = generateClientKey('client-key')
const client = new OpenPaymentsClient({ key, walletAddress: 'https://wallet.example/alice' })
let server: EchoServer

before(async () => {
  server = await startEchoServer()
})
after(() => server.close())

function lastReceived() {
  const last = server.received.at(-1)
  assert.ok(last, 'the echo server received nothing')
  return last
}

test('json is serialized once and the digested bytes are the bytes sent', async () => {
  let serializations = 0
  const json = {
    toJSON() {
      serializations++
      return { amount: { value: '100', assetCode: 'USD', assetScale: 2 }, note: 'café' }
    },
  }
  const req = await client.prepare({ method: 'POST', url: 'https://rs.example/incoming-payments', json })
  assert.equal(serializations, 1)
  assert.ok(req.body)
  assert.deepEqual(req.body, new TextEncoder().encode(JSON.stringify(json)))
  assert.equal(req.headers['content-digest'], contentDigest(req.body))
  assert.equal(req.headers['content-length'], String(req.body.byteLength))
  assert.equal(req.headers['content-type'], 'application/json')
})

test('prepare sends accept by default, lets headers override defaults and leaves unkeyed clients unsigned', async () => {
  const unsigned = await new OpenPaymentsClient().prepare({
    method: 'GET',
    url: 'https://rs.example/x',
    token: 't',
  })
  assert.deepEqual(unsigned.headers, { accept: 'application/json', authorization: 'GNAP t' })
  const overridden = await client.prepare({
    method: 'GET',
    url: 'https://rs.example/x',
    headers: { Accept: 'text/plain' },
    sign: false,
  })
  assert.deepEqual(overridden.headers, { accept: 'text/plain' })
  await assert.rejects(
    new OpenPaymentsClient().prepare({ method: 'GET', url: 'https://rs.example/x', sign: true }),
    /has no key/,
  )
})

test('send delivers every signed header and the exact body bytes, and the signature verifies', async () => {
  const { request, response } = await client.send({
    method: 'POST',
    url: `${server.origin}/incoming-payments?wallet=alice`,
    token: 'access-token',
    json: { walletAddress: 'https://wallet.example/alice', note: "it's ünïcode" },
  })
  const received = lastReceived()
  assert.equal(received.method, 'POST')
  assert.deepEqual(received.body, request.body)
  for (const [name, value] of Object.entries(request.headers))
    assert.equal(received.headers[name], value, name)
  const added = Object.keys(received.headers).filter((name) => !(name in request.headers))
  assert.deepEqual(added.sort(), ['connection', 'host'], 'undici adds only hop-level headers')
  assert.equal(received.headers.authorization, 'GNAP access-token')

  const verified = await httpbis.verifyMessage(
    { keyLookup: async () => ({ verify: createVerifier(createPublicKey(key.privateKey), 'ed25519') }) },
    received,
  )
  assert.equal(verified, true)

  assert.equal(response.status, 200)
  assert.equal((response.json as { method: string }).method, 'POST')
  assert.equal(response.headers['content-type'], 'application/json')
})

test('alter runs after signing: its changes are sent under the untouched signature', async () => {
  const opts = {
    method: 'POST',
    url: `${server.origin}/grant`,
    json: { access_token: { access: [] } },
    signOptions: { created: 1_700_000_000 },
  }
  const unaltered = await client.prepare(opts)
  await client.send({
    ...opts,
    alter: (signed) => {
      const body = Uint8Array.from(signed.body ?? [])
      body[body.length - 1] = 0x20
      const { 'content-digest': _dropped, ...headers } = signed.headers
      return { ...signed, body, headers }
    },
  })
  const received = lastReceived()
  assert.equal(received.headers.signature, unaltered.headers.signature)
  assert.equal(received.headers['signature-input'], unaltered.headers['signature-input'])
  assert.equal(received.headers['content-digest'], undefined)
  assert.equal(received.body.at(-1), 0x20)
  assert.equal(received.body.length, unaltered.body?.length)
})

test('the transport does not follow redirects and tolerates non-JSON bodies', async () => {
  const redirect = await client.send({ method: 'GET', url: `${server.origin}/redirect` })
  assert.equal(redirect.response.status, 302)
  assert.equal(redirect.response.headers.location, '/elsewhere')
  assert.equal(server.received.at(-1)?.url, `${server.origin}/redirect`)

  const text = await client.send({ method: 'GET', url: `${server.origin}/text` })
  assert.equal(text.response.text, 'not json')
  assert.equal(text.response.json, undefined)
})
