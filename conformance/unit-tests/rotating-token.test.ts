import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { IssuedGrant, IssuedToken } from '../harness/gnap/grant-types.ts'
import { RotatingToken } from '../harness/gnap/rotating-token.ts'

/** A token of `expiresIn` seconds on a clock the test moves; each rotation hands out the next number. */
function tokenOf(expiresIn: number | undefined, longestUseMs = 30_000) {
  const clock = { now: 0 }
  const rotated: string[] = []
  const rotator = {
    rotate: async (token: IssuedToken) => {
      rotated.push(token.value)
      return { ...token, value: `token-${rotated.length + 1}` }
    },
  }
  const issued = { grant: { access_token: { value: 'token-1', expires_in: expiresIn } }, issuedAt: 0 }
  const token = new RotatingToken(rotator, issued as unknown as IssuedGrant, () => clock.now, longestUseMs)
  return { clock, token, rotated }
}

describe("a test's own token over a long stretch", () => {
  test('is kept while more than the longest use (30 s) is left, then rotated, never sent expired', async () => {
    const { clock, token, rotated } = tokenOf(600)
    assert.equal(await token.value(), 'token-1')
    clock.now = 569_000
    assert.equal(await token.value(), 'token-1')
    clock.now = 571_000
    assert.equal(await token.value(), 'token-2')
    assert.deepEqual(rotated, ['token-1'])
    clock.now = 571_000 + 569_000
    assert.equal(await token.value(), 'token-2')
  })

  test("a use as long as the target's settlement wait finds enough life left: a 300 s token, a 90 s wait", async () => {
    const { clock, token, rotated } = tokenOf(300, 120_000)
    clock.now = 179_000
    assert.equal(await token.value(), 'token-1')
    clock.now = 181_000
    assert.equal(await token.value(), 'token-2')
    assert.deepEqual(rotated, ['token-1'])
  })

  test('a short-lived token is rotated at half its life, not at every use', async () => {
    const { clock, token, rotated } = tokenOf(20)
    clock.now = 9_000
    assert.equal(await token.value(), 'token-1')
    clock.now = 10_500
    assert.equal(await token.value(), 'token-2')
    clock.now = 15_000
    assert.equal(await token.value(), 'token-2')
    assert.equal(rotated.length, 1)
  })

  test('uses that find it due at once share one rotation: a second rotation of the same token is refused', async () => {
    const { clock, token, rotated } = tokenOf(60)
    clock.now = 31_000
    assert.deepEqual(await Promise.all([token.value(), token.value()]), ['token-2', 'token-2'])
    assert.deepEqual(rotated, ['token-1'])
  })

  test('a token without expires_in is never rotated', async () => {
    const { clock, token, rotated } = tokenOf(undefined)
    clock.now = 10 * 86_400_000
    assert.equal(await token.value(), 'token-1')
    assert.equal(rotated.length, 0)
  })
})
