import assert from 'node:assert/strict'
import { createPublicKey } from 'node:crypto'
import { test } from 'node:test'
import { createSigner, createVerifier, httpbis, type Request } from 'http-message-signatures'
import { loadClientKey } from '../src/keys.ts'

// RFC 9421 Appendix B.1.4 (test-key-ed25519)
const RFC_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF
-----END PRIVATE KEY-----`
const RFC_PUBLIC_X = 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs'

// RFC 9421 Appendix B.2 test request
const request: Request = {
  method: 'POST',
  url: 'https://example.com/foo?param=Value&Pet=dog',
  headers: {
    Host: 'example.com',
    Date: 'Tue, 20 Apr 2021 02:07:55 GMT',
    'Content-Type': 'application/json',
    'Content-Digest':
      'sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:',
    'Content-Length': '18',
  },
}

// RFC 9421 Appendix B.2.6
const EXPECTED_BASE = [
  '"date": Tue, 20 Apr 2021 02:07:55 GMT',
  '"@method": POST',
  '"@path": /foo',
  '"@authority": example.com',
  '"content-type": application/json',
  '"content-length": 18',
  '"@signature-params": ("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"',
].join('\n')
const EXPECTED_INPUT =
  'sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"'
const EXPECTED_SIGNATURE =
  'sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:'

test('RFC 9421 B.2.6: the library reproduces the Ed25519 signature base and value byte for byte', async () => {
  const key = loadClientKey({ keyId: 'test-key-ed25519', privateKey: RFC_PRIVATE_KEY })
  assert.equal(key.publicJwk.x, RFC_PUBLIC_X)

  const signer = createSigner(key.privateKey, 'ed25519', key.keyId)
  let signedBase: string | undefined
  const signed = await httpbis.signMessage(
    {
      key: {
        ...signer,
        sign: (data) => {
          signedBase = data.toString('utf8')
          return signer.sign(data)
        },
      },
      name: 'sig-b26',
      params: ['created', 'keyid'],
      paramValues: { created: new Date(1618884473 * 1000) },
      fields: ['date', '@method', '@path', '@authority', 'content-type', 'content-length'],
    },
    request,
  )

  assert.equal(signedBase, EXPECTED_BASE)
  assert.equal(signed.headers['Signature-Input'], EXPECTED_INPUT)
  assert.equal(signed.headers.Signature, EXPECTED_SIGNATURE)
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: RFC_PUBLIC_X }, format: 'jwk' })
  const verified = await httpbis.verifyMessage(
    {
      keyLookup: async () => ({ id: 'test-key-ed25519', verify: createVerifier(publicKey, 'ed25519') }),
      // the vector's created time is long past
      notAfter: new Date(1618884473 * 1000),
    },
    signed,
  )
  assert.equal(verified, true)
})
