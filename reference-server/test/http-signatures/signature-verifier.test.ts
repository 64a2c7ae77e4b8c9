import assert from 'node:assert/strict'
import { createPrivateKey, createPublicKey } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { describe, it } from 'node:test'
import type { JWK } from '@interledger/open-payments'
import { createSigner, createVerifier, httpbis } from 'http-message-signatures'
import { ALL_SIGNATURE_CHECKS, type SignatureCheck } from '../../src/http-signatures/checks.ts'
import { publicTargetUri } from '../../src/http-signatures/request-verifier.ts'
import { type SignedRequest, verifySignature } from '../../src/http-signatures/verify-signature.ts'
import { contentDigest, generateKeyPair } from '../support/signing-client.ts'

const client = generateKeyPair('client-key')
const stranger = generateKeyPair('stranger-key')
const URL_ = 'https://rs.example/incoming-payments'
const BODY = '{"walletAddress":"https://rs.example/alice"}'
const TOKEN = 'GNAP token-value'

interface Variant {
  components?: string[]
  created?: number
  label?: string
  keyid?: string
  signWith?: typeof client
  signedUrl?: string
  /** Changes the signed request (headers or body) before it reaches the verifier. */
  alter?: (request: { headers: Record<string, string>; body: string | undefined }) => void
  body?: string | null
  digest?: string | null
}

async function signedRequest(variant: Variant = {}): Promise<SignedRequest> {
  const body = variant.body === null ? undefined : (variant.body ?? BODY)
  const headers: Record<string, string> = { authorization: TOKEN }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const digest =
    variant.digest === undefined ? (body === undefined ? null : contentDigest(body)) : variant.digest
  if (digest !== null) headers['content-digest'] = digest
  const components = variant.components ?? [
    '@method',
    '@target-uri',
    'authorization',
    ...(body === undefined ? [] : ['content-digest', 'content-type']),
  ]
  const signer = variant.signWith ?? client
  const signed = await httpbis.signMessage(
    {
      key: createSigner(signer.privateKey, 'ed25519', variant.keyid ?? signer.keyId),
      name: variant.label ?? 'sig1',
      params: ['keyid', 'created'],
      paramValues: { created: new Date((variant.created ?? Math.floor(Date.now() / 1000)) * 1000) },
      fields: components,
    },
    { method: 'POST', url: variant.signedUrl ?? URL_, headers },
  )
  const request = {
    headers: Object.fromEntries(Object.entries(signed.headers).map(([k, v]) => [k.toLowerCase(), String(v)])),
    body,
  }
  variant.alter?.(request)
  return {
    method: 'POST',
    targetUri: URL_,
    headers: request.headers as IncomingHttpHeaders,
    body: request.body === undefined ? undefined : Buffer.from(request.body),
  }
}

const keysOf =
  (...keys: JWK[]) =>
  async () => ({ ok: true as const, keys })

function verify(request: SignedRequest, disabled: SignatureCheck[] = []) {
  const checks = { ...ALL_SIGNATURE_CHECKS }
  for (const check of disabled) checks[check] = false
  return verifySignature(request, { checks, loadKeys: keysOf(client.publicJwk) })
}

const now = () => Math.floor(Date.now() / 1000)

// Each row is rejected by exactly the check it names, and accepted once that check alone is off: proof that
// the check, not a neighbour, is what stops it.
const REJECTED: { reason: string; check: SignatureCheck; variant: Variant; passesWhenOff?: boolean }[] = [
  { reason: 'no Signature', check: 'headers', variant: { alter: (r) => delete r.headers.signature } },
  {
    reason: 'no Signature-Input',
    check: 'headers',
    variant: { alter: (r) => delete r.headers['signature-input'] },
  },
  {
    reason: 'malformed Signature-Input',
    check: 'syntax',
    variant: { alter: (r) => (r.headers['signature-input'] = 'sig1=("@method";created=1') },
  },
  {
    reason: 'malformed Signature',
    check: 'syntax',
    variant: { alter: (r) => (r.headers.signature = 'sig1=:not base64!:') },
  },
  {
    reason: 'no keyid parameter',
    check: 'syntax',
    variant: {
      alter: (r) =>
        (r.headers['signature-input'] = r.headers['signature-input']!.replace(/;keyid="[^"]*"/, '')),
    },
    passesWhenOff: true,
  },
  {
    reason: 'a label repeated (the valid one last, which RFC 8941 parsers keep)',
    check: 'labels',
    variant: {
      alter: (r) => {
        r.headers['signature-input'] = `sig1=("@method");created=1;keyid="x", ${r.headers['signature-input']}`
      },
    },
  },
  {
    reason: 'an uppercase derived component',
    check: 'component-names',
    variant: { components: ['@METHOD', '@method', '@target-uri', 'authorization', 'content-digest'] },
  },
  {
    reason: '@method not covered',
    check: 'covers-method',
    variant: { components: ['@target-uri', 'authorization', 'content-digest'] },
  },
  {
    reason: '@target-uri not covered',
    check: 'covers-target-uri',
    variant: { components: ['@method', 'authorization', 'content-digest'] },
  },
  {
    reason: 'authorization not covered',
    check: 'covers-authorization',
    variant: { components: ['@method', '@target-uri', 'content-digest'] },
  },
  {
    reason: 'content-digest not covered',
    check: 'covers-content-digest',
    variant: { components: ['@method', '@target-uri', 'authorization'] },
  },
  {
    reason: 'the body changed after signing',
    check: 'digest',
    variant: { alter: (r) => (r.body = '{"walletAddress":"https://rs.example/bob"}') },
  },
  {
    reason: 'a digest of other bytes',
    check: 'digest',
    variant: { digest: contentDigest('{"other":true}') },
  },
  {
    reason: 'a body without Content-Digest (not covered either)',
    check: 'covers-content-digest',
    variant: { digest: null, components: ['@method', '@target-uri', 'authorization'] },
    passesWhenOff: false,
  },
  { reason: 'created 10 minutes ago', check: 'created', variant: { created: now() - 600 } },
  { reason: 'created 10 minutes ahead', check: 'created', variant: { created: now() + 600 } },
  {
    reason: 'no created parameter',
    check: 'created',
    variant: {
      alter: (r) =>
        (r.headers['signature-input'] = r.headers['signature-input']!.replace(/;created=\d+/, '')),
    },
    passesWhenOff: false,
  },
  { reason: 'a keyid the client does not have', check: 'keyid', variant: { keyid: 'unknown-key' } },
  {
    reason: "another client's key",
    check: 'signature',
    variant: { signWith: stranger, keyid: client.keyId },
  },
  {
    reason: 'signature bytes flipped',
    check: 'signature',
    variant: {
      alter: (r) => {
        const value = /:([^:]+):/.exec(r.headers.signature!)![1]!
        const bytes = Buffer.from(value, 'base64')
        bytes[0] = (bytes[0] ?? 0) ^ 0xff
        r.headers.signature = `sig1=:${bytes.toString('base64')}:`
      },
    },
  },
  {
    reason: 'signed for another URL',
    check: 'signature',
    variant: { signedUrl: 'https://rs.example/quotes' },
  },
  {
    reason: 'an unknown derived component',
    check: 'component-names',
    variant: {
      alter: (r) =>
        (r.headers['signature-input'] = r.headers['signature-input']!.replace('(', '("@nonsense" ')),
    },
    passesWhenOff: false,
  },
  {
    reason: 'authorization replaced after signing',
    check: 'signature',
    variant: { alter: (r) => (r.headers.authorization = 'GNAP another-token') },
  },
]

describe('verifySignature', () => {
  it('accepts a request signed the way Open Payments clients sign (positive control)', async () => {
    assert.deepEqual(await verify(await signedRequest()), { ok: true })
  })

  it('accepts any label, a sha-256 digest, and a first signature without keyid', async () => {
    assert.deepEqual(await verify(await signedRequest({ label: 'my-label' })), { ok: true })
    assert.deepEqual(await verify(await signedRequest({ digest: contentDigest(BODY, 'sha-256') })), {
      ok: true,
    })
    const extra = await signedRequest({
      alter: (r) => {
        r.headers['signature-input'] = `other=("@method");created=1, ${r.headers['signature-input']}`
        r.headers.signature = `other=:AAAA:, ${r.headers.signature}`
      },
    })
    assert.deepEqual(await verify(extra), { ok: true })
  })

  it('needs no digest or authorization coverage when the request has neither', async () => {
    const request = await signedRequest({ body: null, components: ['@method', '@target-uri'] })
    delete request.headers.authorization
    assert.deepEqual(await verify(request), { ok: true })
  })

  for (const row of REJECTED) {
    it(`rejects ${row.reason} (${row.check})`, async () => {
      const request = await signedRequest(row.variant)
      const result = await verify(request)
      assert.equal(result.ok, false)
      assert.equal(!result.ok && result.check, row.check, !result.ok ? result.reason : '')
      if (row.passesWhenOff !== false) {
        assert.deepEqual(await verify(request, [row.check]), { ok: true }, `passes with "${row.check}" off`)
      }
    })
  }

  it('tries every key of the client when keyid is off, and still needs one that verifies', async () => {
    const request = await signedRequest({ signWith: stranger, keyid: 'unknown-key' })
    assert.equal((await verify(request, ['keyid'])).ok, false)
    assert.deepEqual(await verify(request, ['keyid', 'signature']), { ok: true })
  })

  it('answers 401-worthy results when the client keys cannot be loaded', async () => {
    const result = await verifySignature(await signedRequest(), {
      checks: ALL_SIGNATURE_CHECKS,
      loadKeys: async () => ({ ok: false, reason: 'the key set could not be fetched' }),
    })
    assert.deepEqual(result, { ok: false, check: 'keyid', reason: 'The key set could not be fetched.' })
  })
})

describe('RFC 9421 Appendix B.2.6 (test-key-ed25519)', () => {
  const privateKey = createPrivateKey(`-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF
-----END PRIVATE KEY-----`)
  const jwk: JWK = {
    kid: 'test-key-ed25519',
    alg: 'EdDSA',
    kty: 'OKP',
    crv: 'Ed25519',
    x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs',
  }
  const headers = {
    host: 'example.com',
    date: 'Tue, 20 Apr 2021 02:07:55 GMT',
    'content-type': 'application/json',
    'content-digest':
      'sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:',
    'content-length': '18',
    'signature-input':
      'sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"',
    signature:
      'sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:',
  }
  const request: SignedRequest = {
    method: 'POST',
    targetUri: 'https://example.com/foo?param=Value&Pet=dog',
    headers,
    body: Buffer.from('{"hello": "world"}'),
  }

  it('verifies with the library, and the private key is the RFC one', async () => {
    assert.equal(createPublicKey(privateKey).export({ format: 'jwk' }).x, jwk.x)
    const verified = await httpbis.verifyMessage(
      {
        keyLookup: async () => ({
          id: jwk.kid,
          verify: createVerifier(createPublicKey({ key: jwk, format: 'jwk' }), 'ed25519'),
        }),
        notAfter: Number.MAX_SAFE_INTEGER,
      },
      { method: request.method, url: request.targetUri, headers },
    )
    assert.equal(verified, true)
  })

  it('verifies through the server verifier once the Open Payments rules it predates are off', async () => {
    const loadKeys = keysOf(jwk)
    const strict = await verifySignature(request, { checks: ALL_SIGNATURE_CHECKS, loadKeys })
    assert.equal(
      !strict.ok && strict.check,
      'covers-target-uri',
      'the vector covers @path and @authority instead',
    )
    const checks = {
      ...ALL_SIGNATURE_CHECKS,
      'covers-target-uri': false,
      'covers-content-digest': false,
      created: false,
    }
    assert.deepEqual(await verifySignature(request, { checks, loadKeys }), { ok: true })
    const tampered = { ...request, headers: { ...headers, date: 'Tue, 20 Apr 2021 02:07:56 GMT' } }
    assert.equal((await verifySignature(tampered, { checks, loadKeys })).ok, false)
  })
})

describe('publicTargetUri', () => {
  for (const [base, path, expected] of [
    ['http://127.0.0.1:3401', '/', 'http://127.0.0.1:3401/'],
    [
      'http://127.0.0.1:3400',
      '/incoming-payments?wallet-address=x',
      'http://127.0.0.1:3400/incoming-payments?wallet-address=x',
    ],
    ['https://wallet.example/op', '/alice', 'https://wallet.example/op/alice'],
    ['https://auth.example/gnap', '/', 'https://auth.example/gnap'],
    ['https://auth.example/gnap', '/continue/1', 'https://auth.example/gnap/continue/1'],
  ] as const) {
    it(`rebuilds ${base} + ${path} from configuration`, () => {
      assert.equal(publicTargetUri(base, path), expected)
    })
  }
})
