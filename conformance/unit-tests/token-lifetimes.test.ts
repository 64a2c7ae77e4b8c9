import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Exchange } from '../../clients/src/index.ts'
import { TokenLifetimes } from '../harness/oracles/token-lifetimes.ts'

const exchange = (token: string | undefined, json: unknown = {}, status = 200): Exchange => ({
  request: {
    method: 'GET',
    url: 'https://ase.test/x',
    headers: token ? { authorization: `GNAP ${token}` } : {},
  },
  response: { status, headers: {}, body: new Uint8Array(), text: '', json },
})
const grant = (value: string, expiresIn?: number, continueToken = `continue-${value}`) => ({
  access_token: {
    value,
    manage: 'https://auth.test/token/1',
    access: [],
    ...(expiresIn ? { expires_in: expiresIn } : {}),
  },
  continue: { uri: 'https://auth.test/continue/1', access_token: { value: continueToken } },
})
const broken = (tokens: TokenLifetimes, token: string, sentAt: number) =>
  tokens.judge(exchange(token), sentAt).map(({ ref, holds }) => `${ref} ${holds ? 'held' : 'broken'}`)

describe('the run-wide oracle of token lifetimes', () => {
  test('a token accepted after its expires_in (and the second of rounding) breaks TOKEN-EXPIRY', () => {
    const tokens = new TokenLifetimes()
    tokens.answered('grant', exchange(undefined, grant('t1', 10)), 0)
    assert.deepEqual(broken(tokens, 't1', 10_500), [])
    assert.deepEqual(broken(tokens, 't1', 11_500), ['TOKEN-EXPIRY broken'])
  })

  test('a token without expires_in, or one another worker saw issued, is not judged', () => {
    const tokens = new TokenLifetimes()
    tokens.answered('grant', exchange(undefined, grant('t1')), 0)
    assert.deepEqual(broken(tokens, 't1', 1e9), [])
    assert.deepEqual(broken(tokens, 'elsewhere', 1e9), [])
  })

  test('the token a rotation replaced, accepted after the rotation, breaks TOKEN-ROTATE#old-refused', () => {
    const tokens = new TokenLifetimes()
    tokens.answered('grant', exchange(undefined, grant('old')), 0)
    tokens.answered('rotate', exchange('old', grant('new')), 1_000)
    assert.deepEqual(broken(tokens, 'old', 900), [])
    assert.deepEqual(broken(tokens, 'old', 1_100), ['TOKEN-ROTATE#old-refused broken'])
    assert.deepEqual(broken(tokens, 'new', 5_000), [])
  })

  test('a revoked token, or a token of a revoked grant (its rotated successor too), breaks TOKEN-REVOKE', () => {
    const tokens = new TokenLifetimes()
    tokens.answered('grant', exchange(undefined, grant('a', undefined, 'grant-a')), 0)
    tokens.answered('grant', exchange(undefined, grant('b', undefined, 'grant-b')), 0)
    tokens.answered('revoke-token', exchange('a'), 1_000)
    assert.deepEqual(broken(tokens, 'a', 2_000), ['TOKEN-REVOKE#token broken'])
    tokens.answered('rotate', exchange('b', grant('b2')), 1_000)
    tokens.answered('revoke-grant', exchange('grant-b'), 3_000)
    assert.deepEqual(broken(tokens, 'b2', 2_000), [])
    assert.deepEqual(broken(tokens, 'b2', 4_000), ['TOKEN-REVOKE#grant broken'])
  })
})
