import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import type { AccessItem, Grant } from '@interledger/open-payments'
import { type RunningServer, startServer } from '../../src/server.ts'
import {
  answerConsent,
  errorCode,
  expectedHash,
  formAction,
  incomingPaymentAccess,
  issuedGrant,
  outgoingPaymentAccess,
  pendingGrant,
  sleep,
} from '../support/gnap-helpers.ts'
import { databaseVariants, testConfig } from '../support/helpers.ts'
import { send, startTestClient, type TestClient } from '../support/signing-client.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

for (const variant of databaseVariants('grant-interaction')) {
  describe(`interactive grants and continuation (${variant.name})`, () => {
    let server: RunningServer
    let client: TestClient
    let auth: string
    let alice: string

    before(async () => {
      server = await startServer(
        testConfig({ ...(await variant.setUp()), AUTH_PORT: '0', GRANT_WAIT_SECONDS: '1' }),
      )
      client = await startTestClient({ publicName: 'Shop <script>alert(1)</script> & Co' })
      auth = server.publicUrls.authServer
      alice = `${server.url}/alice`
    })

    after(async () => {
      await client?.close()
      await server?.close()
      await variant.tearDown()
    })

    describe('interactive grants and the consent page', () => {
      const limits = {
        debitAmount: { value: '1234', assetCode: 'USD', assetScale: 2 },
        receiver: 'https://other.example/incoming-payments/123',
        interval: 'R11/2024-01-01T00:00:00Z/P1M',
      }

      it('answers outgoing-payment grants with interact and continue, and no token', async () => {
        const grant = await pendingGrant(auth, client, outgoingPaymentAccess(alice, limits), 'client-nonce')
        assert.deepEqual(Object.keys(grant).sort(), ['continue', 'interact'])
        assert.match(grant.interact.redirect, new RegExp(`^${auth}/interact/[A-Za-z0-9_-]{32}$`))
        assert.equal(typeof grant.interact.finish, 'string')
        assert.equal(grant.continue.wait, 1)
        assert.match(grant.continue.uri, new RegExp(`^${auth}/continue/`))
      })

      it('shows who asks for what, escaping what the client supplied', async () => {
        const grant = await pendingGrant(auth, client, outgoingPaymentAccess(alice, limits), 'n1')
        const page = await fetch(grant.interact.redirect)
        assert.equal(page.status, 200)
        assert.match(page.headers.get('content-type') ?? '', /^text\/html/)
        assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'none'/)
        const html = await page.text()
        assert.ok(
          html.includes('Shop &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co'),
          'client name, escaped',
        )
        assert.ok(!html.includes('<script>'), 'nothing from the client is markup')
        assert.ok(html.includes(client.walletAddress))
        assert.ok(html.includes(alice))
        assert.ok(html.includes('USD 12.34'))
        assert.ok(html.includes(limits.receiver))
        assert.ok(html.includes(limits.interval))
        assert.match(
          html,
          /<button type="submit" id="accept" name="decision" value="accept">Accept<\/button>/,
        )
        assert.match(
          html,
          /<button type="submit" id="reject" name="decision" value="reject">Reject<\/button>/,
        )
        assert.equal(formAction(html), grant.interact.redirect)
      })

      it('accepting redirects to finish.uri with the RFC 9635 hash and interact_ref; continuing issues the token once', async () => {
        const access = outgoingPaymentAccess(alice, limits)
        const grant = await pendingGrant(auth, client, access, 'nonce-accept')
        const finish = await answerConsent(grant.interact.redirect, 'accept')
        assert.equal(`${finish.origin}${finish.pathname}`, 'https://client.example/finish')
        assert.equal(finish.searchParams.get('state'), '1', 'the finish URI keeps its own query')
        const interactRef = finish.searchParams.get('interact_ref') ?? ''
        assert.match(interactRef, UUID)
        assert.equal(
          finish.searchParams.get('hash'),
          expectedHash('nonce-accept', grant.interact.finish, interactRef, auth),
        )

        await sleep(1000)
        const continued = await continueGrant(grant.continue, { interact_ref: interactRef })
        assert.equal(continued.status, 200, JSON.stringify(continued.body))
        const body = continued.body as Grant
        assert.deepEqual(body.access_token?.access, access)
        assert.equal(body.access_token?.expires_in, 600)
        assert.equal(body.continue.uri, grant.continue.uri)

        const again = await continueGrant(grant.continue, { interact_ref: interactRef })
        assert.equal(again.status, 401)
        assert.equal(errorCode(again), 'request_denied')
      })

      it('rejecting redirects with result=grant_rejected, and continuing is denied', async () => {
        const grant = await pendingGrant(auth, client, outgoingPaymentAccess(alice), 'nonce-reject')
        const finish = await answerConsent(grant.interact.redirect, 'reject')
        assert.equal(finish.searchParams.get('result'), 'grant_rejected')
        assert.equal(finish.searchParams.get('hash'), null)
        assert.equal(finish.searchParams.get('interact_ref'), null)
        await sleep(1000)
        const continued = await continueGrant(grant.continue, {})
        assert.equal(continued.status, 401)
        assert.equal(errorCode(continued), 'request_denied')
      })

      it('answers an interaction only once, and not at all when unknown', async () => {
        const grant = await pendingGrant(auth, client, outgoingPaymentAccess(alice), 'n2')
        await answerConsent(grant.interact.redirect, 'accept')
        const second = await fetch(grant.interact.redirect, {
          method: 'POST',
          body: new URLSearchParams({ decision: 'reject' }),
        })
        assert.equal(second.status, 409)
        assert.equal((await fetch(grant.interact.redirect)).status, 409)
        assert.equal((await fetch(`${auth}/interact/${'A'.repeat(32)}`)).status, 404)
        assert.equal((await fetch(`${auth}/interact/..%2F..`)).status, 404)
      })

      it('refuses a form without a valid decision', async () => {
        const grant = await pendingGrant(auth, client, outgoingPaymentAccess(alice), 'n3')
        const reply = await fetch(grant.interact.redirect, {
          method: 'POST',
          body: new URLSearchParams({ decision: 'maybe' }),
        })
        assert.equal(reply.status, 400)
        assert.equal((await fetch(grant.interact.redirect)).status, 200, 'still open')
      })
    })

    describe('continuation errors', () => {
      it('answers too_fast before wait, invalid_client without or with a wrong token, request_denied while pending', async () => {
        const grant = await pendingGrant(auth, client, outgoingPaymentAccess(alice), 'n4')
        const tooFast = await continueGrant(grant.continue, { interact_ref: 'x' })
        assert.equal(tooFast.status, 400)
        assert.equal(errorCode(tooFast), 'too_fast')

        const noToken = await send(client, {
          method: 'POST',
          url: grant.continue.uri,
          json: { interact_ref: 'x' },
        })
        assert.equal(noToken.status, 401)
        assert.equal(errorCode(noToken), 'invalid_client')
        const wrongToken = await send(client, {
          method: 'POST',
          url: grant.continue.uri,
          token: 'not-the-continue-token',
          json: { interact_ref: 'x' },
        })
        assert.equal(wrongToken.status, 401)
        assert.equal(errorCode(wrongToken), 'invalid_client')
        const bearer = await send(client, {
          method: 'POST',
          url: grant.continue.uri,
          json: {},
          alter: (r) => (r.headers.authorization = `Bearer ${grant.continue.access_token.value}`),
        })
        assert.equal(bearer.status, 401)

        await sleep(1000)
        const pending = await continueGrant(grant.continue, {})
        assert.equal(pending.status, 401)
        assert.equal(errorCode(pending), 'request_denied')
        const unknownRef = await continueGrant(grant.continue, { interact_ref: randomUUID() })
        assert.equal(unknownRef.status, 404)
        assert.equal(errorCode(unknownRef), 'invalid_continuation')
      })

      it('answers invalid_continuation for an unknown continuation id, and invalid_client when unsigned', async () => {
        const grant = await issuedGrant(auth, client, incomingPaymentAccess(alice))
        for (const id of [randomUUID(), 'not-a-uuid']) {
          const reply = await continueGrant({ ...grant.continue, uri: `${auth}/continue/${id}` }, {})
          assert.equal(reply.status, 404)
          assert.equal(errorCode(reply), 'invalid_continuation')
        }
        const unsigned = await send(client, {
          method: 'POST',
          url: grant.continue.uri,
          token: grant.continue.access_token.value,
          json: {},
          sign: false,
        })
        assert.equal(unsigned.status, 401)
        assert.equal(errorCode(unsigned), 'invalid_client')
      })

      it('answers request_denied to continuing a grant that was issued at once', async () => {
        const grant = await issuedGrant(auth, client, incomingPaymentAccess(alice))
        const reply = await continueGrant(grant.continue, {})
        assert.equal(reply.status, 401)
        assert.equal(errorCode(reply), 'request_denied')
      })

      it('revokes a grant with DELETE /continue: 204, then the grant and its token are gone', async () => {
        const grant = await issuedGrant(auth, client, incomingPaymentAccess(alice))
        const deleted = await send(client, {
          method: 'DELETE',
          url: grant.continue.uri,
          token: grant.continue.access_token.value,
        })
        assert.equal(deleted.status, 204)
        assert.equal(deleted.body, undefined)
        const continued = await continueGrant(grant.continue, {})
        assert.equal(continued.status, 404)
        assert.equal(errorCode(continued), 'invalid_continuation')
        const rotated = await send(client, {
          method: 'POST',
          url: grant.access_token?.manage ?? '',
          token: grant.access_token?.value,
        })
        assert.equal(rotated.status, 400)
        assert.equal(errorCode(rotated), 'invalid_rotation')
      })

      it('closes the consent page of a grant revoked while pending', async () => {
        const grant = await pendingGrant(auth, client, outgoingPaymentAccess(alice), 'n5')
        const deleted = await send(client, {
          method: 'DELETE',
          url: grant.continue.uri,
          token: grant.continue.access_token.value,
        })
        assert.equal(deleted.status, 204)
        assert.equal((await fetch(grant.interact.redirect)).status, 404)
      })
    })

    function continueGrant(cont: Grant['continue'], json: Record<string, unknown>) {
      return send(client, { method: 'POST', url: cont.uri, token: cont.access_token.value, json })
    }
  })
}

describe('interaction expiry', () => {
  let server: RunningServer
  let client: TestClient

  before(async () => {
    server = await startServer(
      testConfig({ AUTH_PORT: '0', INTERACTION_EXPIRES_IN: '1', GRANT_WAIT_SECONDS: '0' }),
    )
    client = await startTestClient()
  })

  after(async () => {
    await client?.close()
    await server?.close()
  })

  it('closes the consent page once INTERACTION_EXPIRES_IN has passed', async () => {
    const access: AccessItem[] = outgoingPaymentAccess(`${server.url}/alice`)
    const grant = await pendingGrant(server.publicUrls.authServer, client, access, 'n')
    assert.equal((await fetch(grant.interact.redirect)).status, 200)
    await sleep(1100)
    const expired = await fetch(grant.interact.redirect)
    assert.equal(expired.status, 404)
    assert.equal(((await expired.json()) as { error: { code: string } }).error.code, 'unknown_interaction')
    const submit = await fetch(grant.interact.redirect, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'accept' }),
    })
    assert.equal(submit.status, 404)
  })
})
