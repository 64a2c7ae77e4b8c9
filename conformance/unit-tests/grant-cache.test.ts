import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { generateClientKey } from '../../clients/src/index.ts'
import { GRANT_STORE_ENV } from '../../settings/run-settings.ts'
import { GrantCache } from '../harness/gnap/grant-cache.ts'
import type { IssuedGrant } from '../harness/gnap/grant-types.ts'
import { runGrantStore } from '../harness/gnap/run-grant-store.ts'
import { redactTokens } from '../harness/http/redact-tokens.ts'

/** A cache on a clock the test moves, handing out grants numbered in the order they were obtained. */
function cacheWith(neededMs: number | undefined, expiresIn: number | undefined) {
  const clock = { now: 0 }
  let obtained = 0
  const cache = new GrantCache(() => neededMs, { now: () => clock.now })
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

  test('a token shorter-lived than twice the margin is replaced at half its life, not in its last moment', async () => {
    const { clock, token } = cacheWith(30_000, 3)
    await token()
    clock.now = 1_499
    assert.equal(await token(), 'token-1')
    clock.now = 1_501
    assert.equal(await token(), 'token-2')
    clock.now = 2_999
    assert.equal(await token(), 'token-2')
  })

  test('a grant request that failed is made again by the next caller', async () => {
    const cache = new GrantCache(() => undefined)
    await assert.rejects(cache.get('kind', () => Promise.reject(new Error('consent page down'))))
    const issued = { grant: { access_token: { value: 'ok' } }, issuedAt: 0 } as unknown as IssuedGrant
    assert.equal(await cache.get('kind', async () => issued), issued)
  })
})

describe("grants shared between a run's workers", () => {
  const dir = mkdtempSync(join(tmpdir(), 'grant-store-test-'))
  after(() => rmSync(dir, { recursive: true, force: true }))
  const env = { [GRANT_STORE_ENV]: dir }
  const client = { walletAddress: 'https://wallet.example/client', key: generateClientKey('client-key') }
  let obtained = 0
  const obtain = async () =>
    ({
      grant: { access_token: { value: `stored-token-${++obtained}`, expires_in: 600 } },
      issuedAt: Date.now(),
    }) as unknown as IssuedGrant
  const worker = (scope: string, identity = client) =>
    new GrantCache(() => 60_000, { store: runGrantStore(scope, identity, env) })
  const token = async (cache: GrantCache) => (await cache.get('kind', obtain)).grant.access_token.value

  test('a worker that replaces a failed one uses the grant it left, and redacts its token', async () => {
    assert.equal(await token(worker('shared')), 'stored-token-1')
    assert.equal(await token(worker('shared')), 'stored-token-1')
    assert.equal(obtained, 1)
    assert.equal(redactTokens('GET with stored-token-1').includes('stored-token-1'), false)
  })

  test('another set of shared grants, or another key of the same client, asks for its own', async () => {
    assert.notEqual(await token(worker('other')), 'stored-token-1')
    const rekeyed = { ...client, key: generateClientKey('client-key') }
    assert.notEqual(await token(worker('shared', rekeyed)), 'stored-token-1')
  })

  test('a stored token that would not outlive the asking test is replaced, for the workers after too', async () => {
    const old = await obtain()
    runGrantStore('aging', client, env)?.write('kind', { ...old, issuedAt: Date.now() - 590_000 })
    const renewed = await token(worker('aging'))
    assert.notEqual(renewed, old.grant.access_token.value)
    assert.equal(await token(worker('aging')), renewed)
  })

  test('the folder holds only whole grants, readable by this user alone', () => {
    for (const name of readdirSync(dir)) {
      assert.match(name, /^[0-9a-f]{32}\.json$/)
      assert.doesNotThrow(() => JSON.parse(readFileSync(join(dir, name), 'utf8')))
      assert.equal(statSync(join(dir, name)).mode & 0o077, 0)
    }
  })

  test('without the folder in the environment there is no store', () => {
    assert.equal(runGrantStore('shared', client, {}), undefined)
  })
})
