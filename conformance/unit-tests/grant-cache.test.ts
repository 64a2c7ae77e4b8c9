import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { GrantCache } from '../harness/gnap/grant-cache.ts'
import type { IssuedGrant } from '../harness/gnap/grant-types.ts'

/** A cache on a clock the test moves, handing out grants numbered in the order they were obtained. */
function cacheWith(neededMs: number | undefined, expiresIn: number | undefined) {
  const clock = { now: 0 }
  let obtained = 0
  const cache = new GrantCache(
    () => neededMs,
    () => clock.now,
  )
  const obtain = async () =>
    ({
      grant: { access_token: { value: `token-${++obtained}`, expires_in: expiresIn } },
      issuedAt: clock.now,
    }) as unknown as IssuedGrant
  const token = async () => (await cache.get('kind', obtain)).grant.access_token.value
  return { clock, token, obtained: () => obtained }
}

describe('grants shared between tests', () => {
  test('a token that outlives the asking test is handed out again', async () => {
    const { clock, token } = cacheWith(30_000, 60)
    assert.equal(await token(), 'token-1')
    clock.now = 30_000
    assert.equal(await token(), 'token-1')
  })

  test('a token that would expire before the asking test times out is replaced', async () => {
    const { clock, token } = cacheWith(30_000, 60)
    await token()
    clock.now = 30_001
    assert.equal(await token(), 'token-2')
  })

  test('a test that outlasts any token gets a fresh one at most once per renewal margin', async () => {
    const { clock, token, obtained } = cacheWith(120_000, 60)
    for (clock.now = 0; clock.now <= 4_000; clock.now += 1_000) assert.equal(await token(), 'token-1')
    clock.now = 5_001
    assert.equal(await token(), 'token-2')
    assert.equal(obtained(), 2)
  })

  test('outside a test, a token is replaced only when a fresh one would live longer by the margin', async () => {
    const { clock, token } = cacheWith(undefined, 60)
    await token()
    clock.now = 5_000
    assert.equal(await token(), 'token-1')
    clock.now = 5_001
    assert.equal(await token(), 'token-2')
  })

  test('a token without expires_in is kept for good', async () => {
    const { clock, token } = cacheWith(30_000, undefined)
    await token()
    clock.now = 86_400_000
    assert.equal(await token(), 'token-1')
  })

  test('a token shorter-lived than the margin is still replaced once expired', async () => {
    const { clock, token } = cacheWith(30_000, 3)
    await token()
    clock.now = 2_999
    assert.equal(await token(), 'token-1')
    clock.now = 3_000
    assert.equal(await token(), 'token-2')
  })

  test('a grant request that failed is made again by the next caller', async () => {
    const cache = new GrantCache(() => undefined)
    await assert.rejects(cache.get('kind', () => Promise.reject(new Error('consent page down'))))
    const issued = { grant: { access_token: { value: 'ok' } }, issuedAt: 0 } as unknown as IssuedGrant
    assert.equal(await cache.get('kind', async () => issued), issued)
  })
})
