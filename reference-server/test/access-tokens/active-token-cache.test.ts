import assert from 'node:assert/strict'
import { describe, it, mock } from 'node:test'
import { createActiveTokenCache } from '../../src/access-tokens/active-token-cache.ts'
import type { TokenWithGrant } from '../../src/access-tokens/model.ts'

function tokenOf(tokenId: string, grantId: string): TokenWithGrant {
  const expiresAt = new Date(Date.now() + 600_000)
  return {
    token: { id: tokenId, grantId, expiresAt, revokedAt: undefined },
    grant: {
      id: grantId,
      client: 'https://client.example/c',
      access: [],
      state: 'issued',
      continueToken: 'c',
      continueAfter: undefined,
      createdAt: new Date(),
    },
  }
}

describe('active token cache', () => {
  it('keeps a token for a second at most, so another process sharing the database sees a revocation', () => {
    mock.timers.enable({ apis: ['Date'], now: 1_000_000 })
    try {
      const cache = createActiveTokenCache()
      const found = tokenOf('t1', 'g1')
      cache.set('h1', found)
      assert.equal(cache.get('h1'), found)
      mock.timers.tick(999)
      assert.equal(cache.get('h1'), found)
      mock.timers.tick(1)
      assert.equal(cache.get('h1'), undefined)
    } finally {
      mock.timers.reset()
    }
  })

  it('evicts by token and by grant, and only those', () => {
    const cache = createActiveTokenCache()
    const [a, b, c] = [tokenOf('t1', 'g1'), tokenOf('t2', 'g1'), tokenOf('t3', 'g2')]
    cache.set('h1', a)
    cache.set('h2', b)
    cache.set('h3', c)
    cache.evictToken('t1')
    assert.deepEqual(
      ['h1', 'h2', 'h3'].map((hash) => cache.get(hash)),
      [undefined, b, c],
    )
    cache.evictGrant('g1')
    assert.deepEqual(
      ['h2', 'h3'].map((hash) => cache.get(hash)),
      [undefined, c],
    )
  })
})
