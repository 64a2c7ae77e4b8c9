import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { describe, test } from 'node:test'
import { decodeFinishHash, verifyFinishHash } from '../harness/gnap/finish-hash.ts'
import { isFinishUrl, parseFinishRedirect } from '../harness/gnap/finish-redirect.ts'

const input = {
  clientNonce: 'client-nonce',
  serverNonce: 'server-nonce',
  interactRef: 'interact-ref',
  grantEndpoints: ['https://auth.example/'],
}
const digest = createHash('sha256')
  .update('client-nonce\nserver-nonce\ninteract-ref\nhttps://auth.example/')
  .digest()

describe('finish hash', () => {
  test('base64url without padding (RFC 9635) matches', () => {
    const hash = digest.toString('base64url')
    assert.doesNotMatch(hash, /=/)
    assert.deepEqual(verifyFinishHash({ ...input, hash }), {
      kind: 'match',
      encoding: 'base64url',
      grantEndpoint: 'https://auth.example/',
    })
  })

  test('standard base64 with padding (Rafiki) matches', () => {
    const hash = digest.toString('base64')
    assert.match(hash, /=$/)
    assert.equal(verifyFinishHash({ ...input, hash }).kind, 'match')
    assert.equal(decodeFinishHash(hash)?.encoding, 'base64')
  })

  test('a hash with + and / decodes as standard base64', () => {
    const bytes = Buffer.alloc(32, 0xfb)
    const hash = bytes.toString('base64')
    assert.match(hash, /[+/]/)
    assert.deepEqual(decodeFinishHash(hash)?.bytes, bytes)
  })

  test('wrong bytes do not match, in either encoding', () => {
    const wrong = Buffer.from(digest)
    wrong[31] = (wrong[31] ?? 0) ^ 1
    for (const hash of [wrong.toString('base64url'), wrong.toString('base64')]) {
      assert.equal(verifyFinishHash({ ...input, hash }).kind, 'mismatch')
    }
  })

  test('a hash over another client nonce or grant endpoint does not match', () => {
    const hash = digest.toString('base64url')
    assert.equal(verifyFinishHash({ ...input, clientNonce: 'other', hash }).kind, 'mismatch')
    assert.equal(
      verifyFinishHash({ ...input, grantEndpoints: ['https://auth.example'], hash }).kind,
      'mismatch',
    )
  })

  test('any of the grant endpoint spellings may match', () => {
    const hash = digest.toString('base64url')
    const verdict = verifyFinishHash({
      ...input,
      grantEndpoints: ['https://auth.example', 'https://auth.example/'],
      hash,
    })
    assert.deepEqual(verdict, {
      kind: 'match',
      encoding: 'base64url',
      grantEndpoint: 'https://auth.example/',
    })
  })

  test('a truncated hash is a mismatch, not a match', () => {
    assert.equal(
      verifyFinishHash({ ...input, hash: digest.subarray(0, 31).toString('base64url') }).kind,
      'mismatch',
    )
  })

  for (const hash of ['', 'not base64!', 'abc=def=', 'a', 'a%b']) {
    test(`${JSON.stringify(hash)} is malformed`, () => {
      assert.equal(verifyFinishHash({ ...input, hash }).kind, 'malformed')
    })
  }
})

describe('finish redirect', () => {
  const finishUri = 'https://client.invalid/finish/1'

  test('reads hash, interact_ref and result, keeping a literal +', () => {
    const parsed = parseFinishRedirect(`${finishUri}?hash=ab+c%2Fd%3D&interact_ref=r%201`)
    assert.equal(parsed.hash, 'ab+c/d=')
    assert.equal(parsed.interactRef, 'r 1')
    assert.equal(parsed.result, undefined)
    assert.equal(parseFinishRedirect(`${finishUri}?result=grant_rejected`).result, 'grant_rejected')
  })

  test('recognises the finish URI with or without a query, and nothing else', () => {
    assert.equal(isFinishUrl(finishUri, finishUri), true)
    assert.equal(isFinishUrl(`${finishUri}?hash=x`, finishUri), true)
    assert.equal(isFinishUrl(`${finishUri}0?hash=x`, finishUri), false)
    assert.equal(isFinishUrl('https://client.invalid/finish/2', finishUri), false)
  })
})
