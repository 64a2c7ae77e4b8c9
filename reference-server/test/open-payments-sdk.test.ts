import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  type AuthenticatedClient,
  createAuthenticatedClient,
  isFinalizedGrantWithAccessToken,
  isPendingGrant,
} from '@interledger/open-payments'
import { type RunningServer, startServer } from '../src/server.ts'
import { databaseVariants, testConfig } from './helpers.ts'
import { startTestClient, type TestClient } from './signing-client.ts'

// The official SDK as a real client would use it: it signs every request itself and, with validateResponses,
// checks each answer against the official OpenAPI documents.
for (const variant of databaseVariants('open-payments-sdk')) {
  describe(`the official Open Payments SDK against the reference server (${variant.name})`, () => {
    let server: RunningServer
    let clientWallet: TestClient
    let sdk: AuthenticatedClient

    before(async () => {
      server = await startServer(
        testConfig({ ...(await variant.setUp()), AUTH_PORT: '0', GRANT_WAIT_SECONDS: '1' }),
      )
      clientWallet = await startTestClient({ publicName: 'SDK client' })
      sdk = await createAuthenticatedClient({
        walletAddressUrl: clientWallet.walletAddress,
        keyId: clientWallet.key.keyId,
        privateKey: clientWallet.key.privateKey,
        validateResponses: true,
      })
    })

    after(async () => {
      await clientWallet?.close()
      await server?.close()
      await variant.tearDown()
    })

    it('gets an incoming-payment grant and uses its token to create and read an incoming payment', async () => {
      const walletAddress = await sdk.walletAddress.get({ url: `${server.url}/alice` })
      const grant = await sdk.grant.request(
        { url: walletAddress.authServer },
        {
          access_token: {
            access: [
              {
                type: 'incoming-payment',
                actions: ['create', 'read', 'complete'],
                identifier: walletAddress.id,
              },
            ],
          },
        },
      )
      assert.ok(isFinalizedGrantWithAccessToken(grant), 'issued at once')
      const accessToken = grant.access_token.value

      const created = await sdk.incomingPayment.create(
        { url: walletAddress.resourceServer, accessToken },
        {
          walletAddress: walletAddress.id,
          incomingAmount: { value: '1234', assetCode: 'USD', assetScale: 2 },
        },
      )
      assert.equal(created.walletAddress, walletAddress.id)
      assert.deepEqual(created.incomingAmount, { value: '1234', assetCode: 'USD', assetScale: 2 })
      const read = await sdk.incomingPayment.get({ url: created.id, accessToken })
      assert.equal(read.id, created.id)
      const completed = await sdk.incomingPayment.complete({ url: created.id, accessToken })
      assert.equal(completed.completed, true)
    })

    it('rotates and revokes the token, and cancels the grant', async () => {
      const walletAddress = await sdk.walletAddress.get({ url: `${server.url}/alice` })
      const grant = await sdk.grant.request(
        { url: walletAddress.authServer },
        { access_token: { access: [{ type: 'quote', actions: ['create', 'read'] }] } },
      )
      assert.ok(isFinalizedGrantWithAccessToken(grant))
      const rotated = await sdk.token.rotate({
        url: grant.access_token.manage,
        accessToken: grant.access_token.value,
      })
      assert.notEqual(rotated.access_token.value, grant.access_token.value)
      await sdk.token.revoke({ url: rotated.access_token.manage, accessToken: rotated.access_token.value })
      await sdk.grant.cancel({ url: grant.continue.uri, accessToken: grant.continue.access_token.value })
    })

    it('starts an outgoing-payment grant with interaction', async () => {
      const walletAddress = await sdk.walletAddress.get({ url: `${server.url}/alice` })
      const grant = await sdk.grant.request(
        { url: walletAddress.authServer },
        {
          access_token: {
            access: [
              {
                type: 'outgoing-payment',
                actions: ['create', 'read'],
                identifier: walletAddress.id,
                limits: { debitAmount: { value: '500', assetCode: 'USD', assetScale: 2 } },
              },
            ],
          },
          interact: {
            start: ['redirect'],
            finish: { method: 'redirect', uri: 'https://sdk.example/done', nonce: 'n' },
          },
        },
      )
      assert.ok(isPendingGrant(grant))
      assert.equal(grant.continue.wait, 1)
      assert.equal((await fetch(grant.interact.redirect)).status, 200)
    })
  })
}
