import { randomUUID } from 'node:crypto'
import type { GrantWithAccessToken, PendingGrant } from '@interledger/open-payments'
import { expectImmediateGrant } from '../checks/access-checks.ts'
import { expectGnapError } from '../checks/gnap-expect.ts'
import {
  type AccessRequest,
  covers,
  expect,
  generateClientKey,
  grantRequest,
  incomingPaymentAccess,
  interactiveGrantRequest,
  isHttpUrl,
  type Overrides,
  outgoingPaymentAccess,
  quoteAccess,
  rule,
  test,
} from '../fixtures/conformance-test.ts'

test.describe('grant requests', () => {
  for (const kind of ['incoming-payment', 'quote'] as const) {
    test(
      `${kind === 'quote' ? 'a' : 'an'} ${kind} grant is issued at once`,
      covers('GNAP-GRANT-IMMEDIATE', 'TOKEN-MANAGE'),
      async ({ grants, discovery }) => {
        const walletAddress = kind === 'quote' ? discovery.sender : discovery.receiver
        const access: AccessRequest = kind === 'quote' ? quoteAccess() : incomingPaymentAccess(walletAddress)
        const exchange = await grants.gnap.requestGrant(
          walletAddress.authServer,
          grantRequest(grants.client, [access]),
        )

        expect(exchange).toAnswer(200, 'GNAP-GRANT-IMMEDIATE', 'answers 200')
        expectImmediateGrant('GNAP-GRANT-IMMEDIATE', exchange.response.json as GrantWithAccessToken, access)
      },
    )
  }

  test(
    'an outgoing-payment grant asks for interaction',
    covers('GNAP-GRANT-INTERACTIVE'),
    async ({ grants, discovery }) => {
      const { request } = interactiveGrantRequest(grants.client, [outgoingPaymentAccess(discovery.sender)])
      const exchange = await grants.gnap.requestGrant(discovery.sender.authServer, request)

      expect(exchange).toAnswer(200, 'GNAP-GRANT-INTERACTIVE', 'answers 200')
      const body = exchange.response.json as PendingGrant & { access_token?: unknown }
      expect(
        body.access_token,
        rule('GNAP-GRANT-INTERACTIVE#no-token-before-consent', 'no access token before consent'),
      ).toBeUndefined()
      expect(
        isHttpUrl(body.interact?.redirect ?? ''),
        rule('GNAP-GRANT-INTERACTIVE#interact', `interact.redirect ${body.interact?.redirect} is a URL`),
      ).toBe(true)
      expect(
        body.interact.finish,
        rule('GNAP-GRANT-INTERACTIVE#interact', 'interact.finish (the server nonce) is a string'),
      ).toEqual(expect.stringMatching(/\S/))
      expect(
        isHttpUrl(body.continue?.uri ?? ''),
        rule('GNAP-GRANT-INTERACTIVE#continue', 'continue.uri is a URL'),
      ).toBe(true)
      expect(
        body.continue.access_token?.value,
        rule('GNAP-GRANT-INTERACTIVE#continue', 'continue.access_token.value is a string'),
      ).toEqual(expect.stringMatching(/\S/))
      // continue.wait is optional (RFC 9635 section 3.1): its value is CONT-WAIT's, checked where it is waited.
    },
  )

  test(
    'an outgoing-payment grant is never issued without interaction',
    covers('GNAP-GRANT-INTERACTIVE'),
    async ({ grants, discovery }) => {
      const exchange = await grants.gnap.requestGrant(
        discovery.sender.authServer,
        grantRequest(grants.client, [outgoingPaymentAccess(discovery.sender)]),
      )
      expectGnapError(exchange, {
        rule: 'GNAP-GRANT-INTERACTIVE#no-token-before-consent',
        what: 'an outgoing-payment grant request without interact',
        statuses: [400, 401, 403],
        codes: ['invalid_request', 'invalid_interaction', 'request_denied'],
      })
    },
  )

  test.describe('a request the client did not sign with its own key', () => {
    const cases: { name: string; codes: string[]; overrides: (keyId: string) => Overrides }[] = [
      {
        name: 'no signature',
        codes: ['invalid_client', 'invalid_request'],
        overrides: () => ({ sign: false }),
      },
      {
        name: 'signed with a key that is not in the client JWKS, under the client keyid',
        codes: ['invalid_client'],
        overrides: (keyId) => ({ signOptions: { key: generateClientKey(keyId) } }),
      },
      {
        name: 'signed under a keyid the client JWKS does not have',
        codes: ['invalid_client'],
        overrides: () => ({ signOptions: { key: generateClientKey(`unknown-${randomUUID()}`) } }),
      },
    ]
    for (const { name, codes, overrides } of cases) {
      test(name, covers('GNAP-GRANT-SIGNED'), async ({ grants, discovery, clientIdentity }) => {
        const { receiver } = discovery
        const request = grantRequest(grants.client, [incomingPaymentAccess(receiver)])
        const refused = await grants.gnap.requestGrant(receiver.authServer, request, {
          ...overrides(clientIdentity.key.keyId),
          input: 'invalid',
        })
        expectGnapError(refused, { rule: 'GNAP-GRANT-SIGNED', what: name, statuses: [400, 401], codes })

        const control = await grants.gnap.requestGrant(receiver.authServer, request)
        expect(control).toAnswer(
          200,
          'GNAP-GRANT-SIGNED',
          'positive control, the request signed with the client key',
        )
      })
    }
  })

  test.describe('a request outside the auth-server schema', () => {
    const cases: { name: string; overrides: (client: string, identifier: string) => Overrides }[] = [
      {
        name: 'an unknown access type',
        overrides: (client, identifier) => ({
          json: {
            access_token: { access: [{ type: 'payment-pointer', actions: ['read'], identifier }] },
            client,
          },
        }),
      },
      {
        name: 'an unknown action',
        overrides: (client, identifier) => ({
          json: {
            access_token: { access: [{ type: 'incoming-payment', actions: ['delete'], identifier }] },
            client,
          },
        }),
      },
      { name: 'no access_token', overrides: (client) => ({ json: { client } }) },
      {
        name: 'access that is not an array',
        overrides: (client, identifier) => ({
          json: {
            access_token: { access: { type: 'incoming-payment', actions: ['read'], identifier } },
            client,
          },
        }),
      },
      {
        name: 'a body that is not JSON',
        overrides: () => ({ rawBody: '{"access_token": ', headers: { 'content-type': 'application/json' } }),
      },
    ]
    for (const { name, overrides } of cases) {
      test(name, covers('GNAP-GRANT-INVALID'), async ({ grants, discovery }) => {
        const { receiver } = discovery
        const refused = await grants.gnap.requestGrant(receiver.authServer, null, {
          ...overrides(grants.client, receiver.id),
          input: 'invalid',
        })
        expectGnapError(refused, {
          rule: 'GNAP-GRANT-INVALID',
          what: name,
          statuses: [400],
          codes: ['invalid_request'],
        })

        const control = await grants.gnap.requestGrant(
          receiver.authServer,
          grantRequest(grants.client, [incomingPaymentAccess(receiver)]),
        )
        expect(control).toAnswer(200, 'GNAP-GRANT-INVALID', 'positive control, a well-formed request')
      })
    }
  })
})
