import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Exchange, RequestOptions } from '../../clients/src/index.ts'
import { GrantCache } from '../harness/gnap/grant-cache.ts'
import type { IssuedGrant } from '../harness/gnap/grant-types.ts'
import {
  endedEarly,
  presentableToken,
  recoverEndedToken,
  renewableTokenOf,
} from '../harness/http/recover-ended-token.ts'
import { registerRenewableToken } from '../harness/http/renewable-tokens.ts'

/** A cache whose grants carry no expires_in, numbered in the order they were obtained, under a unique kind. */
function keptTokens() {
  let obtained = 0
  const kind = `kind-${Math.random()}`
  const cache = new GrantCache(() => undefined)
  const obtain = async () =>
    ({
      grant: { access_token: { value: `${kind}-token-${++obtained}` } },
      issuedAt: Date.now(),
    }) as unknown as IssuedGrant
  const token = async () => (await cache.get(kind, obtain)).grant.access_token.value
  return { token, obtained: () => obtained }
}

const answered = (status: number, token: string): Exchange =>
  ({
    request: { method: 'GET', url: 'https://rs.example/incoming-payments', headers: {} },
    response: { status, headers: {}, json: {}, text: '', token },
  }) as unknown as Exchange

/** The server: a token is refused once it is in `ended`, or always when `refuseAll`. */
function serverThatEnds(ended: Set<string>, refuseAll = false) {
  const sent: string[] = []
  const send = async (token: string) => {
    sent.push(token)
    return answered(refuseAll || ended.has(token) ? 401 : 200, token)
  }
  return { sent, send }
}

const request = (token: string, extra: Partial<RequestOptions> = {}): RequestOptions => ({
  method: 'GET',
  url: 'https://rs.example/incoming-payments',
  token,
  ...extra,
})

describe('a kept token the server ended early', () => {
  test('is reported only when refused before its expires_in (less clock skew), or without one', () => {
    const token = (expiresIn?: number) => ({
      issuedAt: 0,
      renew: async () => '',
      ...(expiresIn ? { expiresIn } : {}),
    })
    assert.equal(endedEarly(token(60), 20_000), true)
    assert.equal(endedEarly(token(60), 59_000), false, 'within the skew of its announced end')
    assert.equal(endedEarly(token(60), 60_000), false, 'ended as announced')
    assert.equal(endedEarly(token(), 600_000), true, 'no expires_in: any end is unannounced')
  })

  test('is renewed once and the request sent again with the fresh token, whose answer is returned', async () => {
    const { token, obtained } = keptTokens()
    const first = await token()
    const server = serverThatEnds(new Set([first]))
    const kept = renewableTokenOf(request(first))
    assert.ok(kept, 'a token of the cache, on an ordinary request, may be renewed')
    const exchange = await recoverEndedToken(
      await server.send(first),
      kept,
      'list-incoming-payments',
      server.send,
    )
    assert.equal(exchange.response.status, 200)
    assert.deepEqual(server.sent, [first, `${first.replace(/-1$/, '-2')}`])
    assert.equal(obtained(), 2)
    assert.equal(await token(), server.sent[1], 'the cache hands out the fresh token from then on')
    const again = await recoverEndedToken(
      await server.send(first),
      kept,
      'list-incoming-payments',
      server.send,
    )
    assert.equal(
      again.response.status,
      200,
      'a request that still holds the ended token is sent with the fresh one',
    )
    assert.equal(obtained(), 2, 'without another grant')
  })

  test('a fresh token that ends too is renewed in its turn, also for requests holding the first', async () => {
    const { token, obtained } = keptTokens()
    const first = await token()
    const ended = new Set([first])
    const server = serverThatEnds(ended)
    const kept = renewableTokenOf(request(first))!
    await recoverEndedToken(await server.send(first), kept, 'x', server.send)
    ended.add(await token())
    const later = () => Date.now() + 1_000
    const exchange = await recoverEndedToken(await server.send(first), kept, 'x', server.send, later)
    assert.equal(exchange.response.status, 200)
    assert.equal(obtained(), 3)
  })

  test('a 401 to the fresh token is returned for the caller to judge: the operation fails, not the token', async () => {
    const { token } = keptTokens()
    const first = await token()
    const server = serverThatEnds(new Set(), true)
    const kept = renewableTokenOf(request(first))!
    const exchange = await recoverEndedToken(
      await server.send(first),
      kept,
      'create-incoming-payment',
      server.send,
    )
    assert.equal(exchange.response.status, 401)
    assert.equal(server.sent.length, 2, 'sent again once, never more')
  })

  test('an answer other than 401 is returned as it is, without a new grant', async () => {
    const { token, obtained } = keptTokens()
    const first = await token()
    const server = serverThatEnds(new Set())
    for (const status of [200, 403, 404]) {
      const exchange = await recoverEndedToken(
        answered(status, first),
        renewableTokenOf(request(first))!,
        'x',
        server.send,
      )
      assert.equal(exchange.response.status, status)
    }
    assert.deepEqual(server.sent, [])
    assert.equal(obtained(), 1)
  })

  test('concurrent requests that find the same token ended share one fresh grant', async () => {
    const { token, obtained } = keptTokens()
    const first = await token()
    const server = serverThatEnds(new Set([first]))
    const kept = renewableTokenOf(request(first))!
    const both = await Promise.all(
      [1, 2].map(async () => recoverEndedToken(await server.send(first), kept, 'x', server.send)),
    )
    assert.deepEqual(
      both.map((e) => e.response.status),
      [200, 200],
    )
    assert.equal(obtained(), 2)
  })

  test('tokens a test holds itself and requests signed otherwise on purpose are never sent again', async () => {
    const { token } = keptTokens()
    const first = await token()
    assert.equal(renewableTokenOf(request('a-token-the-test-obtained-itself')), undefined)
    assert.equal(renewableTokenOf(request(first, { sign: false })), undefined, 'unsigned')
    assert.equal(renewableTokenOf(request(first, { alter: (r) => r })), undefined, 'altered')
    assert.equal(renewableTokenOf(request(first, { signOptions: {} })), undefined, 'signed otherwise')
    const header = { headers: { Authorization: `Bearer ${first}` } }
    assert.equal(renewableTokenOf(request(first, header)), undefined, 'an Authorization of its own')
  })
})

describe('a kept token whose announced life is over', () => {
  test('is swapped for a fresh one before it is presented; one with life left, or not kept, is presented as it is', async () => {
    const value = `kept-${Math.random()}`
    registerRenewableToken(value, { issuedAt: 0, expiresIn: 60, renew: async () => `${value}-fresh` })
    assert.equal(await presentableToken(value, 30_000), value)
    assert.equal(await presentableToken(value, 56_000), `${value}-fresh`, 'within the margin of its end')
    assert.equal(await presentableToken(value, 90_000), `${value}-fresh`)
    assert.equal(
      await presentableToken('a token the test obtained for itself', 90_000),
      'a token the test obtained for itself',
    )
    assert.equal(await presentableToken(undefined), undefined)
  })

  test('without an expires_in it is presented until the server refuses it (then renewed as above)', async () => {
    const value = `kept-${Math.random()}`
    registerRenewableToken(value, { issuedAt: 0, renew: async () => `${value}-fresh` })
    assert.equal(await presentableToken(value, 10 * 3_600_000), value)
  })
})
