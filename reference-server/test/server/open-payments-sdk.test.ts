import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  type AccessItem,
  type AuthenticatedClient,
  createAuthenticatedClient,
  isFinalizedGrantWithAccessToken,
  isPendingGrant,
} from '@interledger/open-payments'
import { type RunningServer, startServer } from '../../src/server.ts'
import { answerConsent, sleep } from '../support/gnap-helpers.ts'
import { databaseVariants, testConfig } from '../support/helpers.ts'
import { poll } from '../support/payment-server-fixture.ts'
import { startTestClient, type TestClient } from '../support/signing-client.ts'

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

    /** A grant the server issues at once (incoming payments, quotes), asked through the SDK: its token. */
    async function issuedToken(authServer: string, access: AccessItem[]): Promise<string> {
      const grant = await sdk.grant.request({ url: authServer }, { access_token: { access } })
      assert.ok(isFinalizedGrantWithAccessToken(grant), 'issued at once')
      return grant.access_token.value
    }

    it('gets an incoming-payment grant and uses its token to create and read an incoming payment', async () => {
      const walletAddress = await sdk.walletAddress.get({ url: `${server.url}/alice` })
      const accessToken = await issuedToken(walletAddress.authServer, [
        { type: 'incoming-payment', actions: ['create', 'read', 'complete'], identifier: walletAddress.id },
      ])

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

    it('pays: incoming payment, quote, consented grant, outgoing payment that settles', async () => {
      const alice = await sdk.walletAddress.get({ url: `${server.url}/alice` })
      const bob = await sdk.walletAddress.get({ url: `${server.url}/bob` })
      const amount = { value: '250', assetCode: 'USD', assetScale: 2 }

      const incomingToken = await issuedToken(bob.authServer, [
        { type: 'incoming-payment', actions: ['create', 'read'], identifier: bob.id },
      ])
      const incoming = await sdk.incomingPayment.create(
        { url: bob.resourceServer, accessToken: incomingToken },
        { walletAddress: bob.id, incomingAmount: amount },
      )

      const quoteToken = await issuedToken(alice.authServer, [{ type: 'quote', actions: ['create', 'read'] }])
      // No amount: the quote infers it from the receiver's incomingAmount.
      const quote = await sdk.quote.create(
        { url: alice.resourceServer, accessToken: quoteToken },
        { walletAddress: alice.id, receiver: incoming.id, method: 'ilp' },
      )
      assert.deepEqual(quote.receiveAmount, amount)
      assert.deepEqual(quote.debitAmount, amount, 'same asset, zero fees')

      const pending = await sdk.grant.request(
        { url: alice.authServer },
        {
          access_token: {
            access: [
              {
                type: 'outgoing-payment',
                actions: ['create', 'read'],
                identifier: alice.id,
                limits: { debitAmount: quote.debitAmount },
              },
            ],
          },
          interact: {
            start: ['redirect'],
            finish: { method: 'redirect', uri: 'https://sdk.example/done', nonce: 'sdk-nonce' },
          },
        },
      )
      assert.ok(isPendingGrant(pending), 'outgoing-payment grants need consent')
      assert.equal(pending.continue.wait, 1)
      const finish = await answerConsent(pending.interact.redirect, 'accept')
      const interactRef = finish.searchParams.get('interact_ref')
      assert.ok(interactRef, `the finish redirect carries interact_ref: ${finish.href}`)
      await sleep(pending.continue.wait * 1000)
      const approved = await sdk.grant.continue(
        { url: pending.continue.uri, accessToken: pending.continue.access_token.value },
        { interact_ref: interactRef },
      )
      assert.ok(isFinalizedGrantWithAccessToken(approved), 'continuing after consent issues the token')
      const outgoingToken = approved.access_token.value

      const payment = await sdk.outgoingPayment.create(
        { url: alice.resourceServer, accessToken: outgoingToken },
        { walletAddress: alice.id, quoteId: quote.id, metadata: { order: 'sdk-1' } },
      )
      assert.equal(payment.receiver, incoming.id)
      assert.deepEqual(payment.debitAmount, amount)
      assert.deepEqual(payment.metadata, { order: 'sdk-1' })

      const settled = await poll(
        () => sdk.outgoingPayment.get({ url: payment.id, accessToken: outgoingToken }),
        (read) => read.failed || read.sentAmount.value === amount.value,
      )
      assert.equal(settled.failed, false)
      assert.deepEqual(settled.sentAmount, amount, 'sentAmount reaches debitAmount')
      const received = await sdk.incomingPayment.get({ url: incoming.id, accessToken: incomingToken })
      assert.deepEqual(received.receivedAmount, amount)
      assert.equal(received.completed, true, 'the receiver completes once incomingAmount is paid')
    })
  })
}
