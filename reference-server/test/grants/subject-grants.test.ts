import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { PendingGrant } from '@interledger/open-payments'
import { type RunningServer, startServer } from '../../src/server.ts'
import { answerConsent, errorCode, incomingPaymentAccess, interact } from '../support/gnap-helpers.ts'
import { testConfig } from '../support/helpers.ts'
import { send, startTestClient, type TestClient } from '../support/signing-client.ts'

/** RFC 9635 section 2.2 as the Open Payments document narrows it: one wallet address URL, format `uri`. */
describe('grants for subject information', () => {
  let server: RunningServer
  let client: TestClient
  let auth: string
  let alice: string

  before(async () => {
    server = await startServer(testConfig({ AUTH_PORT: '0', GRANT_WAIT_SECONDS: '0' }))
    client = await startTestClient()
    auth = server.publicUrls.authServer
    alice = `${server.url}/alice`
  })

  after(async () => {
    await client?.close()
    await server?.close()
  })

  const subjectOf = (id: string) => ({ sub_ids: [{ id, format: 'uri' }] })
  const request = (json: Record<string, unknown>) =>
    send(client, { method: 'POST', url: auth, json: { client: client.walletAddress, ...json } })
  const continueGrant = (grant: PendingGrant, interactRef: string) =>
    send(client, {
      method: 'POST',
      url: grant.continue.uri,
      token: grant.continue.access_token.value,
      json: { interact_ref: interactRef },
    })

  async function consented(json: Record<string, unknown>, nonce: string) {
    const reply = await request({ ...json, interact: interact(nonce) })
    assert.equal(reply.status, 200, JSON.stringify(reply.body))
    const grant = reply.body as PendingGrant
    const page = await (await fetch(grant.interact.redirect)).text()
    const finish = await answerConsent(grant.interact.redirect, 'accept')
    return { grant, page, interactRef: finish.searchParams.get('interact_ref') ?? '' }
  }

  it('confirms a wallet address of this server after consent: subject with continue, no token', async () => {
    const { grant, page, interactRef } = await consented({ subject: subjectOf(alice) }, 's1')
    assert.ok(page.includes(alice), 'the consent page names the wallet address to confirm')
    const continued = await continueGrant(grant, interactRef)
    assert.equal(continued.status, 200, JSON.stringify(continued.body))
    assert.deepEqual(Object.keys(continued.body as object).sort(), ['continue', 'subject'])
    assert.deepEqual((continued.body as { subject: unknown }).subject, subjectOf(alice))
  })

  it('gives the subject beside the token when both were asked', async () => {
    const access = incomingPaymentAccess(alice)
    const { grant, interactRef } = await consented(
      { subject: subjectOf(alice), access_token: { access } },
      's2',
    )
    const continued = await continueGrant(grant, interactRef)
    assert.equal(continued.status, 200, JSON.stringify(continued.body))
    const body = continued.body as { access_token: { access: unknown }; subject: unknown }
    assert.deepEqual(body.access_token.access, access)
    assert.deepEqual(body.subject, subjectOf(alice))
  })

  it('needs the interaction, and refuses a subject it does not host', async () => {
    const withoutInteraction = await request({ subject: subjectOf(alice) })
    assert.equal(withoutInteraction.status, 400)
    assert.equal(errorCode(withoutInteraction), 'invalid_request')
    const elsewhere = await request({
      subject: subjectOf('https://other.example/bob'),
      interact: interact('s3'),
    })
    assert.equal(elsewhere.status, 400)
    assert.equal(errorCode(elsewhere), 'invalid_request')
  })
})
