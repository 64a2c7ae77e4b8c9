import type { Discovery } from '../harness/discovery/discovery.ts'
import { grantRequest, incomingPaymentAccess } from '../harness/gnap/grant-requests.ts'
import type { IssuedGrant } from '../harness/gnap/grant-types.ts'
import type { Grants } from '../harness/gnap/grants.ts'
import type { SharedGrants } from '../harness/gnap/shared-grants.ts'
import type { SendOptions } from '../harness/http/conformance-api.ts'
import { OPERATIONS, type OperationRef } from '../harness/openapi/operations.ts'
import type { RuleId } from '../harness/rules/registry.ts'
import { resourceCalls } from './resource-calls.ts'
import type { Resources } from './resources.ts'

export interface GrantEndpointContext {
  grants: Grants
  resources: Resources
  discovery: Discovery
  otherSharedGrants: SharedGrants
}

/** A fresh, correct request to a signed authorization-server endpoint, and what shows it took effect. */
export interface PreparedGrantRequest {
  request: SendOptions
  tookEffect?: () => Promise<boolean>
  /** A valid token of the same kind as the request's, from another grant. */
  otherToken(): Promise<string>
}

export interface GrantEndpoint {
  name: string
  /** The rule a refusal is owed to. */
  rule: RuleId
  hasBody: boolean
  /** The body can become other valid bytes of the same length. */
  altersBody: boolean
  hasToken: boolean
  success: number
  prepare(context: GrantEndpointContext): Promise<PreparedGrantRequest>
}

/** Whether the token of an issued grant no longer works on the receiver (rotated or revoked). */
function tokenDead({ resources, discovery }: GrantEndpointContext, issued: IssuedGrant) {
  return async () => {
    const read = await resources.send(
      resourceCalls.listIncomingPayments(discovery.receiver),
      issued.grant.access_token.value,
    )
    return read.response.status !== 200
  }
}

function immediateGrant({ grants, discovery }: GrantEndpointContext): Promise<IssuedGrant> {
  return grants.incomingPayment(discovery.receiver)
}

/**
 * The signed endpoints of the authorization server, each with a request that is correct and fresh (rotate
 * and revoke consume their token), so every row gets its own. Continue needs a consent per grant, seconds
 * each: signatures-grant-endpoints.spec.ts runs its rows in series on one consented grant instead.
 */
/** Rotation and revocation act on a fresh token's manage URL; either leaves the old token dead. */
function tokenManagement(
  name: string,
  operation: OperationRef,
  method: 'POST' | 'DELETE',
  success: number,
): GrantEndpoint {
  return {
    name,
    rule: 'GNAP-KEY-PROOF',
    hasBody: false,
    altersBody: false,
    hasToken: true,
    success,
    prepare: async (context) => {
      const issued = await immediateGrant(context)
      const token = issued.grant.access_token
      return {
        request: { operation, method, url: token.manage, token: token.value },
        tookEffect: tokenDead(context, issued),
        otherToken: () => context.otherSharedGrants.token('incoming-payment'),
      }
    },
  }
}

export const GRANT_ENDPOINTS: readonly GrantEndpoint[] = [
  {
    name: 'grant request (POST authServer)',
    rule: 'GNAP-GRANT-SIGNED',
    hasBody: true,
    altersBody: true,
    hasToken: false,
    success: 200,
    prepare: async ({ grants, discovery, otherSharedGrants }) => ({
      request: {
        operation: OPERATIONS.postGrant,
        method: 'POST',
        url: discovery.receiver.authServer,
        json: grantRequest(grants.client, [incomingPaymentAccess(discovery.receiver)]),
      },
      otherToken: () => otherSharedGrants.token('incoming-payment'),
    }),
  },
  tokenManagement('rotate (POST manage)', OPERATIONS.rotateToken, 'POST', 200),
  tokenManagement('revoke token (DELETE manage)', OPERATIONS.revokeToken, 'DELETE', 204),
  {
    name: 'revoke grant (DELETE continue.uri)',
    rule: 'GNAP-KEY-PROOF',
    hasBody: false,
    altersBody: false,
    hasToken: true,
    success: 204,
    prepare: async (context) => {
      const issued = await immediateGrant(context)
      return {
        request: {
          operation: OPERATIONS.deleteContinue,
          method: 'DELETE',
          url: issued.continuation.uri,
          token: issued.continuation.accessToken,
        },
        tookEffect: tokenDead(context, issued),
        otherToken: async () => (await immediateGrant(context)).continuation.accessToken,
      }
    },
  },
]
