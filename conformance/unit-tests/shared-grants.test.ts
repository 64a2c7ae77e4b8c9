import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Discovery } from '../harness/discovery/discovery.ts'
import { GrantCache } from '../harness/gnap/grant-cache.ts'
import type { IssuedGrant } from '../harness/gnap/grant-types.ts'
import type { Grants } from '../harness/gnap/grants.ts'
import { SharedGrants } from '../harness/gnap/shared-grants.ts'

/** The reference run's tokens, and a property's timeout (run-property's search, shrinking and checks). */
const LIFETIME_S = 60
const PROPERTY_TIMEOUT_MS = 75_000
/** How long one run of the property takes on a loaded machine. */
const RUN_MS = 3_000

/** The worker's shared grants on a clock the test moves, inside one test that started at 0. */
function sharedGrantsAt() {
  const clock = { now: 0 }
  const issued: IssuedGrant[] = []
  const obtain = async () => {
    const grant = {
      grant: { access_token: { value: `token-${issued.length + 1}`, expires_in: LIFETIME_S } },
      issuedAt: clock.now,
    } as unknown as IssuedGrant
    issued.push(grant)
    return grant
  }
  const grants = { incomingPayment: obtain } as unknown as Grants
  const testTimeLeft = () => PROPERTY_TIMEOUT_MS - clock.now
  const shared = new SharedGrants(
    grants,
    { receiver: {} } as Discovery,
    new GrantCache(testTimeLeft, { now: () => clock.now }),
  )
  /** When the token `value` stops being accepted. */
  const expiresAt = (value: string) => {
    const grant = issued.find((g) => g.grant.access_token.value === value)!
    return grant.issuedAt + LIFETIME_S * 1000
  }
  return { clock, shared, expiresAt, obtained: () => issued.length }
}

describe('a property that outlasts its shared token', () => {
  test('asking at each run, every request of every run carries a token that is still valid', async () => {
    const { clock, shared, expiresAt, obtained } = sharedGrantsAt()
    for (clock.now = 0; clock.now + RUN_MS <= PROPERTY_TIMEOUT_MS; clock.now += RUN_MS) {
      const token = await shared.token('incoming-payment')
      // The run's last request goes out as the run ends.
      assert.ok(clock.now + RUN_MS < expiresAt(token), `${token} used until ${clock.now + RUN_MS} ms`)
    }
    // Renewed between runs, only while a fresh token would not outlast the test (at most once per margin).
    assert.ok(obtained() <= 5, `${obtained()} grants`)
  })

  test('a token taken once at the start is expired by the positive control after the search', async () => {
    const { clock, shared, expiresAt } = sharedGrantsAt()
    const heldFromStart = await shared.token('incoming-payment')
    clock.now = PROPERTY_TIMEOUT_MS - RUN_MS
    assert.ok(clock.now >= expiresAt(heldFromStart))
    const askedNow = await shared.token('incoming-payment')
    assert.ok(clock.now + RUN_MS < expiresAt(askedNow))
  })
})
