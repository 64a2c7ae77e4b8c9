import { randomUUID } from 'node:crypto'
import type { Exchange } from '../../clients/src/index.ts'
import { amountIn, type Discovery } from '../discovery/discovery.ts'
import { expect, test } from '../fixtures/conformance-test.ts'
import type { IssuedGrant } from '../gnap/grant-types.ts'
import type { Grants } from '../gnap/grants.ts'
import type { ConformanceApi } from '../http/conformance-api.ts'
import { summarize } from '../http/format-exchange.ts'
import {
  expectAuthorizationRequired,
  expectPublicView,
  expectTokenRefused,
} from '../resources/authentication-checks.ts'
import { OPERATION_CASES, type OperationCase, type TokenKind } from '../resources/operation-cases.ts'
import type { ResourceCall } from '../resources/resource-calls.ts'
import { newMarker } from '../resources/resources.ts'
import { covers, rule } from '../rules/covers.ts'
import { warn } from '../rules/warn.ts'

type Presentation = 'nothing' | 'bearer' | 'unknown' | 'expired'

const ROWS: { name: string; rules: string[]; present: Presentation }[] = [
  { name: 'no Authorization header', rules: ['AUTH-REQUIRED', 'AUTH-WWW-AUTHENTICATE'], present: 'nothing' },
  {
    name: 'a valid token under the Bearer scheme',
    rules: ['AUTH-REQUIRED', 'AUTH-WWW-AUTHENTICATE'],
    present: 'bearer',
  },
  { name: 'a GNAP token the server never issued', rules: ['AUTH-TOKEN-INVALID'], present: 'unknown' },
  { name: 'an expired token', rules: ['TOKEN-EXPIRY', 'AUTH-TOKEN-INVALID'], present: 'expired' },
]

/** One expiring grant per kind and worker, so the matrix waits for expiry once, not once per operation. */
const expiringGrants = new Map<TokenKind, Promise<IssuedGrant>>()

function expiringGrant(kind: TokenKind, grants: Grants, discovery: Discovery): Promise<IssuedGrant> {
  let grant = expiringGrants.get(kind)
  if (!grant) {
    const { sender, receiver } = discovery
    grant =
      kind === 'incoming-payment'
        ? grants.incomingPayment(receiver)
        : kind === 'quote'
          ? grants.quote(sender)
          : grants.outgoingPayment(sender, { limits: { debitAmount: amountIn(sender, 1000n) } })
    expiringGrants.set(kind, grant)
  }
  return grant
}

/** Waits out the token's `expires_in` (the server's own figure) and sends the call with it. */
async function sendExpired(
  api: ConformanceApi,
  call: ResourceCall,
  expiring: IssuedGrant,
): Promise<Exchange> {
  const expiresIn = expiring.grant.access_token.expires_in
  test.skip(expiresIn === undefined, 'the token has no expires_in, so there is no expiry to wait for')
  const expiresAt = expiring.issuedAt + expiresIn! * 1000
  test.setTimeout(Math.max(0, expiresAt - Date.now()) + 60_000)
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt + 1000 - Date.now())))
  return api.send({ ...call, token: expiring.grant.access_token.value })
}

test.describe('authentication of every resource operation', () => {
  for (const operationCase of OPERATION_CASES) {
    test.describe(operationCase.operation.operationId, () => {
      for (const { name, rules, present } of ROWS) {
        test(name, covers(...rules), async ({ api, grants, resources, discovery, sharedGrants, target }) => {
          test.skip(
            present === 'expired' && target.capabilities?.tokenExpiryWaitable !== true,
            'the target file does not set capabilities.tokenExpiryWaitable: its tokens live too long to wait for',
          )
          const context = { discovery, resources, sharedGrants, marker: newMarker() }
          const call = await operationCase.prepare(context)
          const what = `${call.method} ${new URL(call.url).pathname} with ${name}`
          const token = () => sharedGrants.token(operationCase.token)

          const refused =
            present === 'nothing'
              ? await api.send(call)
              : present === 'bearer'
                ? await api.send({ ...call, headers: { authorization: `Bearer ${await token()}` } })
                : present === 'unknown'
                  ? await api.send({ ...call, token: `unknown-${randomUUID()}` })
                  : await sendExpired(api, call, await expiringGrant(operationCase.token, grants, discovery))

          if (present === 'unknown' || present === 'expired') expectTokenRefused(refused, rules[0]!, what)
          else if (operationCase.publicView && refused.response.status === 200)
            expectPublicView(refused, what)
          else expectAuthorizationRequired(refused, addressedWallet(operationCase, discovery), what)

          const listing = operationCase.listing?.(context)
          if (listing) {
            const created = await resources.listed(listing, await token(), context.marker)
            expect(created, rule(rules[0]!, `${what} created nothing`)).toBe(false)
          }
          const control = await api.send({ ...call, token: await token() })
          expect(
            control.response.status,
            rule(rules[0]!, `positive control, the same call with a valid token: ${summarize(control)}`),
          ).toBe(operationCase.success)
          if (listing && !(await resources.listed(listing, await token(), context.marker))) {
            warn(
              rules[0]!,
              `the list does not show what the positive control created: "created nothing" is unproven`,
            )
          }
        })
      }
    })
  }
})

function addressedWallet(operationCase: OperationCase, discovery: Discovery) {
  return operationCase.token === 'incoming-payment' ? discovery.receiver : discovery.sender
}
