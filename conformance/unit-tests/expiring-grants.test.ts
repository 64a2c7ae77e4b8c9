import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Discovery } from '../harness/discovery/discovery.ts'
import type { IssuedGrant } from '../harness/gnap/grant-types.ts'
import type { Grants } from '../harness/gnap/grants.ts'
import { type GrantsByKind, liveFor, renewShortLived } from '../steps/expiring-grants.ts'

const issued = (value: string, expiresIn: number | undefined, issuedAt = Date.now()) =>
  ({ grant: { access_token: { value, expires_in: expiresIn } }, issuedAt }) as unknown as IssuedGrant

describe('the expiring grants of TOKEN-EXPIRY', () => {
  test('a token is live for its expires_in less clock skew and two answers’ time; without one, for good', () => {
    const now = 1_000_000
    const left = liveFor(issued('a', 60, now), now)
    assert.ok(left < 60_000 - 1_000 && left >= 60_000 - 1_000 - 2 * 2_000, `${left}`)
    assert.equal(liveFor(issued('b', undefined, now), now), Number.POSITIVE_INFINITY)
  })

  test('a token left too little time for the positive controls is asked for again; the others are kept', async () => {
    const asked: string[] = []
    const ask = (kind: string, value: string) => {
      asked.push(kind)
      return issued(value, 60)
    }
    const grants = {
      incomingPayment: async () => ask('incoming-payment', 'fresh-incoming'),
      quote: async () => ask('quote', 'fresh-quote'),
      outgoingPayment: async () => ask('outgoing-payment', 'fresh-outgoing'),
    } as unknown as Grants
    const discovery = { sender: { id: 's' }, receiver: { id: 'r' } } as unknown as Discovery
    const longAgo = Date.now() - 57_000
    const expiring: GrantsByKind = {
      'incoming-payment': issued('old-incoming', 60, longAgo),
      quote: issued('quote', 60),
      'outgoing-payment': issued('outgoing', 60),
    }
    const renewed = await renewShortLived(grants, discovery, expiring, 10_000)
    assert.deepEqual(asked, ['incoming-payment'])
    assert.equal(renewed['incoming-payment'].grant.access_token.value, 'fresh-incoming')
    assert.equal(renewed.quote, expiring.quote)
  })
})
