import assert from 'node:assert/strict'
import { test } from 'node:test'
import { contentDigest } from '../src/content-digest.ts'

// RFC 9530 Appendix B / RFC 9421 Section 2.4 example body, including the space after the colon
const body = new TextEncoder().encode('{"hello": "world"}')

test('RFC 9530: sha-256 content digest of the example body', () => {
  assert.equal(contentDigest(body, 'sha-256'), 'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:')
})

test('RFC 9530: sha-512 is the default algorithm', () => {
  assert.equal(
    contentDigest(body),
    'sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:',
  )
})
