import assert from 'node:assert/strict'
import { describe, it, mock } from 'node:test'
import {
  createPublishedWalletAddresses,
  PUBLISHED_TTL_MS,
  type PublishedWalletAddress,
} from '../../src/wallet-addresses/published-cache.ts'

const alice: PublishedWalletAddress = {
  name: 'alice',
  publicName: 'Alice',
  assetCode: 'USD',
  assetScale: 2,
  keys: [],
}

/** A loader that counts its calls and answers alice for "alice", nothing otherwise. */
function counting() {
  const calls: string[] = []
  const load = async (name: string) => {
    calls.push(name)
    return name === 'alice' ? { ...alice } : undefined
  }
  return { calls, load }
}

describe('published wallet addresses cache', () => {
  it('shares one load between concurrent requests and keeps it for PUBLISHED_TTL_MS', async () => {
    mock.timers.enable({ apis: ['Date'], now: 1_000_000 })
    try {
      const { calls, load } = counting()
      const cache = createPublishedWalletAddresses(load)
      const [a, b] = await Promise.all([cache.get('alice'), cache.get('alice')])
      assert.equal(a, b)
      mock.timers.tick(PUBLISHED_TTL_MS - 1)
      assert.equal(await cache.get('alice'), a)
      assert.equal(calls.length, 1)
      mock.timers.tick(1)
      assert.notEqual(await cache.get('alice'), a)
      assert.equal(calls.length, 2)
    } finally {
      mock.timers.reset()
    }
  })

  it('reloads at once after an eviction, and never remembers unknown names or failures', async () => {
    const { calls, load } = counting()
    const cache = createPublishedWalletAddresses(load)
    await cache.get('alice')
    cache.evict('alice')
    await cache.get('alice')
    assert.equal(await cache.get('nobody'), undefined)
    assert.equal(await cache.get('nobody'), undefined)
    assert.deepEqual(calls, ['alice', 'alice', 'nobody', 'nobody'])

    let fail = true
    const flaky = createPublishedWalletAddresses(async () => {
      if (fail) throw new Error('database down')
      return alice
    })
    await assert.rejects(flaky.get('alice'))
    fail = false
    assert.equal(await flaky.get('alice'), alice)
  })
})
