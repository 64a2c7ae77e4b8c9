import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Grant } from '@interledger/open-payments'
import { type RunningServer, startServer } from '../../src/server.ts'
import {
  errorCode,
  incomingPaymentAccess,
  interact,
  issuedGrant,
  outgoingPaymentAccess,
  requestGrant,
} from '../support/gnap-helpers.ts'
import { databaseVariants, testConfig } from '../support/helpers.ts'
import { generateKeyPair, send, startTestClient, type TestClient } from '../support/signing-client.ts'

for (const variant of databaseVariants('grants')) {
  describe(`grants (${variant.name})`, () => {
    let server: RunningServer
    let client: TestClient
    let auth: string
    let alice: string

    before(async () => {
      server = await startServer(
        testConfig({ ...(await variant.setUp()), AUTH_PORT: '0', GRANT_WAIT_SECONDS: '1' }),
      )
      client = await startTestClient()
      auth = server.publicUrls.authServer
      alice = `${server.url}/alice`
    })

    after(async () => {
      await client?.close()
      await server?.close()
      await variant.tearDown()
    })

    describe('immediate grants', () => {
      it('issues an incoming-payment grant at once, with a manage URL that does not contain the token', async () => {
        const access = incomingPaymentAccess(alice, ['create', 'read', 'list', 'complete'])
        const grant = await issuedGrant(auth, client, access)
        const token = grant.access_token
        assert.ok(token)
        assert.match(token.value, /^[A-Za-z0-9_-]{43}$/)
        assert.match(token.manage, new RegExp(`^${auth}/token/[0-9a-f-]{36}$`))
        assert.ok(!token.manage.includes(token.value))
        assert.equal(token.expires_in, 600)
        assert.deepEqual(token.access, access)
        assert.match(grant.continue.uri, new RegExp(`^${auth}/continue/[0-9a-f-]{36}$`))
        assert.equal(typeof grant.continue.access_token.value, 'string')
        assert.notEqual(grant.continue.access_token.value, token.value)
      })

      it('issues quote grants at once, and accepts the {walletAddress} client form and no identifier', async () => {
        const reply = await send(client, {
          method: 'POST',
          url: auth,
          json: {
            access_token: { access: [{ type: 'quote', actions: ['create', 'read'] }] },
            client: { walletAddress: client.walletAddress },
          },
        })
        assert.equal(reply.status, 200, JSON.stringify(reply.body))
        assert.deepEqual((reply.body as Grant).access_token?.access, [
          { type: 'quote', actions: ['create', 'read'] },
        ])
        const noIdentifier = await issuedGrant(auth, client, [
          { type: 'incoming-payment', actions: ['read-all'] },
        ])
        assert.ok(noIdentifier.access_token)
      })

      it('issues at once when interact is sent for access that needs no consent', async () => {
        const reply = await requestGrant(auth, client, incomingPaymentAccess(alice), {
          interact: interact('n'),
        })
        assert.equal(reply.status, 200)
        assert.ok((reply.body as Grant).access_token)
      })
    })

    describe('grant request validation', () => {
      const debit = { value: '500', assetCode: 'USD', assetScale: 2 }
      const cases: [string, () => unknown][] = [
        [
          'both debitAmount and receiveAmount',
          () => body(outgoingPaymentAccess(alice, { debitAmount: debit, receiveAmount: debit })),
        ],
        [
          'an interval with a bad start',
          () => body(outgoingPaymentAccess(alice, { interval: 'R/2024-13-01T00:00:00Z/P1M' })),
        ],
        [
          'an interval with a bad duration',
          () => body(outgoingPaymentAccess(alice, { interval: 'R/2024-01-01T00:00:00Z/P1X' })),
        ],
        [
          'an interval with start and end',
          () =>
            body(outgoingPaymentAccess(alice, { interval: 'R/2024-01-01T00:00:00Z/2024-02-01T00:00:00Z' })),
        ],
        [
          'a receiver that is not an incoming payment',
          () => body(outgoingPaymentAccess(alice, { receiver: `${server.url}/bob` })),
        ],
        [
          'a debitAmount in another asset',
          () => body(outgoingPaymentAccess(alice, { debitAmount: { ...debit, assetCode: 'EUR' } })),
        ],
        [
          'a debitAmount that is not a uint64',
          () => body(outgoingPaymentAccess(alice, { debitAmount: { ...debit, value: '-1' } })),
        ],
        [
          'a receiveAmount without assetScale',
          () => body(outgoingPaymentAccess(alice, { receiveAmount: { value: '1', assetCode: 'USD' } })),
        ],
        ['an unknown limit', () => body(outgoingPaymentAccess(alice, { debitAmout: debit }))],
        [
          'outgoing payments without identifier',
          () => body([{ type: 'outgoing-payment', actions: ['create'] }]),
        ],
        [
          'an identifier of another server',
          () => body(outgoingPaymentAccess('https://elsewhere.example/alice')),
        ],
        ['an identifier of no wallet address', () => body(incomingPaymentAccess(`${server.url}/nobody`))],
        [
          'outgoing payments without interact',
          () => ({ ...body(outgoingPaymentAccess(alice)), interact: undefined }),
        ],
        [
          'interact without redirect start',
          () => ({ ...body(outgoingPaymentAccess(alice)), interact: { start: [] } }),
        ],
        [
          'a non-http finish URI',
          () => ({
            ...body(outgoingPaymentAccess(alice)),
            interact: {
              ...interact('n'),
              finish: { method: 'redirect', uri: 'javascript:alert(1)', nonce: 'n' },
            },
          }),
        ],
        ['an unknown action', () => body([{ type: 'incoming-payment', actions: ['fly'] }])],
        ['an unknown type', () => body([{ type: 'account', actions: ['read'] }])],
        [
          'an identifier on a quote entry',
          () => body([{ type: 'quote', actions: ['create'], identifier: alice }]),
        ],
        ['no actions', () => body([{ type: 'incoming-payment', actions: [] }])],
        ['no access entries', () => body([])],
        ['no access_token', () => ({ client: client.walletAddress })],
        ['no client', () => ({ access_token: { access: incomingPaymentAccess(alice) } })],
        [
          'a client that is not a URL',
          () => ({ ...body(incomingPaymentAccess(alice)), client: 'not a url' }),
        ],
        [
          'a jwk client',
          () => ({ ...body(incomingPaymentAccess(alice)), client: { jwk: client.key.publicJwk } }),
        ],
        [
          'a subject request for a wallet address of another server',
          () => ({
            ...body(incomingPaymentAccess(alice)),
            subject: { sub_ids: [{ id: 'https://other.example/alice', format: 'uri' }] },
            interact: interact('n'),
          }),
        ],
        ['an array body', () => []],
      ]
      const body = (access: unknown[]) => ({
        access_token: { access },
        client: client.walletAddress,
        interact: interact('nonce'),
      })

      for (const [name, make] of cases) {
        it(`answers 400 invalid_request for ${name}`, async () => {
          const reply = await send(client, { method: 'POST', url: auth, json: make() })
          assert.equal(reply.status, 400, JSON.stringify(reply.body))
          assert.equal(errorCode(reply), 'invalid_request')
          assert.match((reply.body as { error: { description: string } }).error.description, /\w.*\./)
        })
      }

      it('answers 400 for a body that is not JSON', async () => {
        const reply = await send(client, {
          method: 'POST',
          url: auth,
          body: 'access=1',
          contentType: 'text/plain',
        })
        assert.equal(reply.status, 400)
        assert.equal(errorCode(reply), 'invalid_request')
      })
    })

    describe('client authentication of the grant request', () => {
      it('answers 401 invalid_client for an unsigned request', async () => {
        const reply = await send(client, {
          method: 'POST',
          url: auth,
          json: { access_token: { access: incomingPaymentAccess(alice) }, client: client.walletAddress },
          sign: false,
        })
        assert.equal(reply.status, 401)
        assert.equal(errorCode(reply), 'invalid_client')
      })

      it("answers 401 invalid_client when signed with a key that is not the client's", async () => {
        const reply = await send(client, {
          method: 'POST',
          url: auth,
          json: { access_token: { access: incomingPaymentAccess(alice) }, client: client.walletAddress },
          sign: { privateKey: generateKeyPair().privateKey },
        })
        assert.equal(reply.status, 401)
        assert.equal(errorCode(reply), 'invalid_client')
      })

      it('answers 401 invalid_client when the client wallet address serves no keys', async () => {
        const gone = await startTestClient()
        await gone.close()
        const reply = await requestGrant(auth, gone, incomingPaymentAccess(alice))
        assert.equal(reply.status, 401)
        assert.equal(errorCode(reply), 'invalid_client')
      })
    })
  })
}
