import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import type { Grant } from '@interledger/open-payments'
import type { Database } from '../../src/db/database.ts'
import {
  approvedOutgoingGrant,
  errorCode,
  incomingPaymentAccess,
  issuedGrant,
  outgoingPaymentAccess,
} from '../support/gnap-helpers.ts'
import { type GuardStack, startGuardStack } from '../support/guard-stack.ts'
import { databaseVariants } from '../support/helpers.ts'
import {
  generateKeyPair,
  type Reply,
  send,
  startTestClient,
  type TestClient,
} from '../support/signing-client.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

for (const variant of databaseVariants('resource-guard')) {
  describe(`access tokens and the resource guard (${variant.name})`, () => {
    let stack: GuardStack
    let client: TestClient
    let otherClient: TestClient
    let alice: string
    let rs: string

    before(async () => {
      stack = await startGuardStack(await variant.setUp())
      client = await startTestClient()
      otherClient = await startTestClient()
      rs = stack.urls.resourceServer
      alice = `${rs}/alice`
    })

    after(async () => {
      await client?.close()
      await otherClient?.close()
      await stack?.close()
      await variant.tearDown()
    })

    const grantFor = (access = incomingPaymentAccess(alice)) =>
      issuedGrant(stack.urls.authServer, client, access)
    const tokenOf = (grant: Grant) => grant.access_token?.value ?? ''
    const createIncoming = (token: string | undefined, options: { as?: TestClient; sign?: false } = {}) =>
      send(options.as ?? client, {
        method: 'POST',
        url: `${rs}/incoming-payments`,
        token,
        json: { walletAddress: alice },
        ...(options.sign === false ? { sign: false as const } : {}),
      })

    function assertUnauthorized(reply: Reply, why: string) {
      assert.equal(reply.status, 401, `${why}: ${JSON.stringify(reply.body)}`)
      assert.equal(reply.headers.get('www-authenticate'), `GNAP as_uri="${stack.urls.authServer}"`, why)
      assert.equal(errorCode(reply), 'unauthorized', why)
    }

    describe('token management', () => {
      it('rotates: a new value and manage URL, the same access, and the old token stops working', async () => {
        const grant = await grantFor()
        // Used once first, so the resource server holds the token in memory: revoking must still reach it.
        assert.equal((await createIncoming(tokenOf(grant))).status, 200)
        const rotated = await send(client, {
          method: 'POST',
          url: grant.access_token!.manage,
          token: tokenOf(grant),
        })
        assert.equal(rotated.status, 200, JSON.stringify(rotated.body))
        const token = (rotated.body as Grant).access_token!
        assert.notEqual(token.value, tokenOf(grant))
        assert.notEqual(token.manage, grant.access_token!.manage)
        assert.ok(!token.manage.includes(token.value))
        assert.deepEqual(token.access, grant.access_token!.access)
        assert.equal(token.expires_in, 600)

        assertUnauthorized(await createIncoming(tokenOf(grant)), 'the rotated-away token')
        assert.equal((await createIncoming(token.value)).status, 200)
        const again = await send(client, {
          method: 'POST',
          url: grant.access_token!.manage,
          token: tokenOf(grant),
        })
        assert.equal(again.status, 400)
        assert.equal(errorCode(again), 'invalid_rotation')
      })

      it('revokes with DELETE: 204, the token stops working, and revoking again is still 204', async () => {
        const grant = await grantFor()
        // Used once first, so the resource server holds the token in memory: revoking must still reach it.
        assert.equal((await createIncoming(tokenOf(grant))).status, 200)
        const manage = grant.access_token!.manage
        const revoked = await send(client, { method: 'DELETE', url: manage, token: tokenOf(grant) })
        assert.equal(revoked.status, 204)
        assertUnauthorized(await createIncoming(tokenOf(grant)), 'the revoked token')
        assert.equal(
          (await send(client, { method: 'DELETE', url: manage, token: tokenOf(grant) })).status,
          204,
        )
      })

      it('kills every token of a grant revoked with DELETE /continue', async () => {
        const grant = await grantFor()
        // Used once first, so the resource server holds the token in memory: revoking must still reach it.
        assert.equal((await createIncoming(tokenOf(grant))).status, 200)
        const deleted = await send(client, {
          method: 'DELETE',
          url: grant.continue.uri,
          token: grant.continue.access_token.value,
        })
        assert.equal(deleted.status, 204)
        assertUnauthorized(await createIncoming(tokenOf(grant)), 'a token of a revoked grant')
      })

      it('refuses management without the token, with another token, unsigned, or at an unknown URL', async () => {
        const grant = await grantFor()
        const other = await grantFor()
        const manage = grant.access_token!.manage
        const cases: [string, Promise<Reply>, number, string][] = [
          ['no token', send(client, { method: 'POST', url: manage }), 401, 'invalid_client'],
          [
            'another token',
            send(client, { method: 'POST', url: manage, token: tokenOf(other) }),
            401,
            'invalid_client',
          ],
          [
            'unsigned',
            send(client, { method: 'POST', url: manage, token: tokenOf(grant), sign: false }),
            401,
            'invalid_client',
          ],
          [
            'signed by another client',
            send(otherClient, { method: 'POST', url: manage, token: tokenOf(grant) }),
            401,
            'invalid_client',
          ],
          [
            'unknown management id',
            send(client, {
              method: 'POST',
              url: `${stack.urls.authServer}/token/${randomUUID()}`,
              token: tokenOf(grant),
            }),
            404,
            'invalid_rotation',
          ],
          [
            'malformed management id',
            send(client, { method: 'POST', url: `${stack.urls.authServer}/token/x`, token: tokenOf(grant) }),
            404,
            'invalid_rotation',
          ],
        ]
        for (const [name, pending, status, code] of cases) {
          const reply = await pending
          assert.equal(reply.status, status, name)
          assert.equal(errorCode(reply), code, name)
        }
        assert.equal((await createIncoming(tokenOf(grant))).status, 200, 'nothing happened to the token')
      })

      it('lets an expired token be rotated, and refuses the expired one at the resource server', async () => {
        const grant = await grantFor()
        await expire(stack.db, grant)
        assertUnauthorized(await createIncoming(tokenOf(grant)), 'an expired token')
        const rotated = await send(client, {
          method: 'POST',
          url: grant.access_token!.manage,
          token: tokenOf(grant),
        })
        assert.equal(rotated.status, 200)
        assert.equal((await createIncoming((rotated.body as Grant).access_token!.value)).status, 200)
      })
    })

    describe('resource guard', () => {
      it('sets the access context for a signed request with a token that grants the action', async () => {
        const grant = await grantFor()
        const reply = await createIncoming(tokenOf(grant))
        assert.equal(reply.status, 200, JSON.stringify(reply.body))
        const { access } = reply.body as { access: Record<string, unknown> }
        assert.match(String(access.grantId), UUID)
        assert.match(String(access.tokenId), UUID)
        assert.equal(access.client, client.walletAddress)
        assert.deepEqual(access.entries, incomingPaymentAccess(alice))
        assert.ok(grant.access_token!.manage.endsWith(String(access.tokenId)))
      })

      it('answers 401 with WWW-Authenticate for a missing, malformed or unknown token', async () => {
        const grant = await grantFor()
        assertUnauthorized(await createIncoming(undefined), 'no Authorization')
        const schemes = [`Bearer ${tokenOf(grant)}`, 'GNAP', `GNAP ${tokenOf(grant)} extra`, tokenOf(grant)]
        for (const header of schemes) {
          const reply = await send(client, {
            method: 'POST',
            url: `${rs}/incoming-payments`,
            json: { walletAddress: alice },
            alter: (r) => (r.headers.authorization = header),
          })
          assertUnauthorized(reply, `Authorization: ${header}`)
        }
        assertUnauthorized(await createIncoming('unknown-token'), 'an unknown token')
      })

      it('answers 401 with WWW-Authenticate when the signature is missing or not the token client’s', async () => {
        const token = tokenOf(await grantFor())
        assertUnauthorized(await createIncoming(token, { sign: false }), 'unsigned')
        assertUnauthorized(await createIncoming(token, { as: otherClient }), "another client's signature")
        const changed = await send(client, {
          method: 'POST',
          url: `${rs}/incoming-payments`,
          token,
          json: { walletAddress: alice },
          alter: (r) => (r.body = JSON.stringify({ walletAddress: `${rs}/bob` })),
        })
        assertUnauthorized(changed, 'body changed after signing')
        const wrongKey = await send(client, {
          method: 'POST',
          url: `${rs}/incoming-payments`,
          token,
          json: { walletAddress: alice },
          sign: { privateKey: generateKeyPair().privateKey },
        })
        assertUnauthorized(wrongKey, 'signed with a key the client does not publish')
      })

      it('answers 403 when the token does not grant the type or action', async () => {
        const quote = tokenOf(await grantFor([{ type: 'quote', actions: ['create'] }]))
        const readOnly = tokenOf(await grantFor(incomingPaymentAccess(alice, ['read'])))
        const cases: [string, Promise<Reply>][] = [
          ['a quote token creating an incoming payment', createIncoming(quote)],
          ['a read token creating', createIncoming(readOnly)],
          [
            'a read token completing',
            send(client, { method: 'POST', url: `${rs}/incoming-payments/x/complete`, token: readOnly }),
          ],
          [
            'a read token listing',
            send(client, { method: 'GET', url: `${rs}/incoming-payments?wallet-address=x`, token: readOnly }),
          ],
          [
            'an incoming-payment token reading grant spending',
            send(client, { method: 'GET', url: `${rs}/outgoing-payment-grant`, token: readOnly }),
          ],
        ]
        for (const [name, pending] of cases) {
          const reply = await pending
          assert.equal(reply.status, 403, name)
          assert.equal(errorCode(reply), 'forbidden', name)
        }
        assert.equal(
          (await send(client, { method: 'POST', url: `${rs}/quotes`, token: quote, json: {} })).status,
          200,
        )
      })

      it('lets read-all and list-all stand for read and list', async () => {
        const all = tokenOf(await grantFor(incomingPaymentAccess(alice, ['read-all', 'list-all'])))
        const read = await send(client, { method: 'GET', url: `${rs}/incoming-payments/x`, token: all })
        assert.equal(read.status, 200)
        const list = await send(client, {
          method: 'GET',
          url: `${rs}/incoming-payments?wallet-address=x`,
          token: all,
        })
        assert.equal(list.status, 200)
      })

      it('lets any outgoing-payment action read grant spending', async () => {
        const grant = await approvedOutgoingGrant(stack.urls.authServer, client, outgoingPaymentAccess(alice))
        const reply = await send(client, {
          method: 'GET',
          url: `${rs}/outgoing-payment-grant`,
          token: tokenOf(grant),
        })
        assert.equal(reply.status, 200, JSON.stringify(reply.body))
        assert.equal((reply.body as { access: { entries: unknown[] } }).access.entries.length, 1)
      })

      it('lets guard.optional through without Authorization, but not with a bad token', async () => {
        const open = await fetch(`${rs}/incoming-payments/x`)
        assert.equal(open.status, 200)
        assert.deepEqual(await open.json(), { access: null })
        const reply = await send(client, {
          method: 'GET',
          url: `${rs}/incoming-payments/x`,
          token: 'unknown-token',
        })
        assertUnauthorized(reply, 'optional route, unknown token')
      })
    })
  })
}

async function expire(db: Database, grant: Grant): Promise<void> {
  const id = grant.access_token!.manage.split('/').pop()
  await db('access_tokens')
    .where({ id })
    .update({ expires_at: new Date(Date.now() - 1000) })
}
