import assert from 'node:assert/strict'
import { createHash, createPublicKey, type KeyObject } from 'node:crypto'
import { test } from 'node:test'
import { createVerifier, httpbis } from 'http-message-signatures'
import type { OutgoingRequest } from '../src/http-message.ts'
import { generateClientKey } from '../src/keys.ts'
import { signRequest } from '../src/sign-request.ts'

const key = generateClientKey('client-key')
const publicKey = createPublicKey(key.privateKey)

const request: OutgoingRequest = {
  method: 'POST',
  url: 'https://as.example/grant',
  headers: {
    authorization: 'GNAP token-123',
    'content-type': 'application/json',
    accept: 'application/json',
  },
  body: new TextEncoder().encode('{"access_token":{"access":[]}}'),
}

/** What a resource server does: check the digest of the received bytes, then the signature. */
async function verify(req: OutgoingRequest, verifyingKey: KeyObject) {
  const digest = req.body && `sha-512=:${createHash('sha512').update(req.body).digest('base64')}:`
  const signature = await httpbis.verifyMessage(
    {
      keyLookup: async ({ keyid }) =>
        keyid === key.keyId ? { id: keyid, verify: createVerifier(verifyingKey, 'ed25519') } : null,
      requiredFields: ['@method', '@target-uri', 'content-digest'],
    },
    req,
  )
  return { digestMatches: req.headers['content-digest'] === digest, signatureVerifies: signature === true }
}

test('adds digest, length and a keyid+created signature over the upstream default components', async () => {
  const signed = await signRequest(request, { key, created: 1_700_000_000 })
  assert.equal(signed.headers['content-length'], String(request.body?.byteLength))
  assert.match(signed.headers['content-digest'] ?? '', /^sha-512=:[A-Za-z0-9+/]+=*:$/)
  assert.equal(
    signed.headers['signature-input'],
    'sig1=("@method" "@target-uri" "authorization" "content-digest" "content-length" "content-type");keyid="client-key";created=1700000000',
  )
  assert.match(signed.headers.signature ?? '', /^sig1=:[A-Za-z0-9+/]+=*:$/)
  assert.equal(signed.body, request.body)
})

test('without body or authorization only @method and @target-uri are covered', async () => {
  const signed = await signRequest({ method: 'GET', url: 'https://rs.example/x', headers: {} }, { key })
  assert.match(
    signed.headers['signature-input'] ?? '',
    /^sig1=\("@method" "@target-uri"\);keyid="client-key";created=\d+$/,
  )
  assert.equal(signed.headers['content-length'], undefined)
  assert.equal(signed.headers['content-digest'], undefined)
})

test('label and components can be overridden; existing content-digest is kept', async () => {
  const signed = await signRequest(
    { ...request, headers: { ...request.headers, 'content-digest': 'sha-256=:AAAA:' } },
    { key, label: 'other', components: ['@method'], created: 1 },
  )
  assert.equal(signed.headers['content-digest'], 'sha-256=:AAAA:')
  assert.equal(signed.headers['signature-input'], 'other=("@method");keyid="client-key";created=1')
})

test('a body without content-type is refused rather than signed without it', async () => {
  await assert.rejects(
    signRequest(
      { method: 'POST', url: 'https://rs.example/x', headers: {}, body: new Uint8Array([1]) },
      { key },
    ),
    /needs a content-type header/,
  )
})

test('round trip: the library verifier accepts the signed request', async () => {
  assert.deepEqual(await verify(await signRequest(request, { key }), publicKey), {
    digestMatches: true,
    signatureVerifies: true,
  })
})

test('changing one body byte after signing fails the digest check', async () => {
  const signed = await signRequest(request, { key })
  const body = Uint8Array.from(signed.body ?? [])
  body[0] = (body[0] ?? 0) ^ 1
  // the signature covers the digest header, not the bytes: only the digest check can catch this
  assert.deepEqual(await verify({ ...signed, body }, publicKey), {
    digestMatches: false,
    signatureVerifies: true,
  })
})

test('changing the method after signing fails', async () => {
  const signed = await signRequest(request, { key })
  assert.equal((await verify({ ...signed, method: 'PUT' }, publicKey)).signatureVerifies, false)
})

test('a different public key fails', async () => {
  const signed = await signRequest(request, { key })
  const otherKey = createPublicKey(generateClientKey().privateKey)
  assert.equal((await verify(signed, otherKey)).signatureVerifies, false)
})
