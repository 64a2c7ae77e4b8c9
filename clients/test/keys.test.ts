import assert from 'node:assert/strict'
import { generateKeyPairSync } from 'node:crypto'
import { test } from 'node:test'
import { exportPrivateKeyPem, generateClientKey, loadClientKey } from '../src/keys.ts'

test('publicJwk has exactly kid, alg, kty, crv and a 43-character base64url x', () => {
  const key = generateClientKey('my-key')
  assert.deepEqual(Object.keys(key.publicJwk).sort(), ['alg', 'crv', 'kid', 'kty', 'x'])
  assert.equal(key.publicJwk.kid, 'my-key')
  assert.equal(key.publicJwk.alg, 'EdDSA')
  assert.equal(key.publicJwk.kty, 'OKP')
  assert.equal(key.publicJwk.crv, 'Ed25519')
  assert.match(key.publicJwk.x, /^[A-Za-z0-9_-]{43}$/)
  assert.equal(key.keyId, 'my-key')
})

test('generateClientKey picks a fresh random key id by default', () => {
  assert.notEqual(generateClientKey().keyId, generateClientKey().keyId)
})

test('loadClientKey accepts PEM, base64 of a PEM, base64 of DER and PEM with escaped newlines', () => {
  const original = generateClientKey('k')
  const pem = exportPrivateKeyPem(original)
  const der = original.privateKey.export({ format: 'der', type: 'pkcs8' })
  const forms = [
    pem,
    Buffer.from(pem).toString('base64'),
    der.toString('base64'),
    pem.replaceAll('\n', '\\n'),
  ]
  for (const privateKey of forms) {
    assert.deepEqual(loadClientKey({ keyId: 'k', privateKey }).publicJwk, original.publicJwk, privateKey)
  }
})

test('loadClientKey rejects garbage with a message naming the problem', () => {
  assert.throws(() => loadClientKey({ keyId: 'k', privateKey: 'not a key!' }), /neither a PEM nor base64/)
  assert.throws(
    () => loadClientKey({ keyId: 'k', privateKey: Buffer.from('hello').toString('base64') }),
    /decodes to neither a PEM nor a PKCS#8 DER/,
  )
  assert.throws(
    () =>
      loadClientKey({
        keyId: 'k',
        privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
      }),
    /PEM but not a readable PKCS#8 private key/,
  )
  assert.throws(
    () => loadClientKey({ keyId: ' ', privateKey: exportPrivateKeyPem(generateClientKey()) }),
    /keyId/,
  )
})

test('loadClientKey rejects keys that are not Ed25519', () => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
  assert.throws(() => loadClientKey({ keyId: 'k', privateKey: pem }), /must be Ed25519, got ec/)
})
