import { randomBytes, randomUUID } from 'node:crypto'
import type { GrantRequest, WalletAddress } from '@interledger/open-payments'
import type { components } from '@interledger/open-payments/dist/openapi/generated/auth-server-types.js'

type Schemas = components['schemas']
export type IncomingAccess = Schemas['access-incoming']
export type QuoteAccess = Schemas['access-quote']
export type OutgoingAccess = Schemas['access-outgoing']
export type AccessRequest = IncomingAccess | QuoteAccess | OutgoingAccess
export type OutgoingLimits = Schemas['limits-outgoing']

export const ALL_INCOMING_ACTIONS: IncomingAccess['actions'] = ['create', 'read', 'list', 'complete']
export const ALL_QUOTE_ACTIONS: QuoteAccess['actions'] = ['create', 'read']
export const ALL_OUTGOING_ACTIONS: OutgoingAccess['actions'] = ['create', 'read', 'list']

export function incomingPaymentAccess(
  walletAddress: WalletAddress,
  actions: IncomingAccess['actions'] = ALL_INCOMING_ACTIONS,
): IncomingAccess {
  return { type: 'incoming-payment', actions, identifier: walletAddress.id }
}

/** Quote entries carry no identifier in the 1.3.0 auth-server document; the quote body names the wallet. */
export function quoteAccess(actions: QuoteAccess['actions'] = ALL_QUOTE_ACTIONS): QuoteAccess {
  return { type: 'quote', actions }
}

export function outgoingPaymentAccess(
  walletAddress: WalletAddress,
  actions: OutgoingAccess['actions'] = ALL_OUTGOING_ACTIONS,
  limits?: OutgoingLimits,
): OutgoingAccess {
  return { type: 'outgoing-payment', actions, identifier: walletAddress.id, ...(limits ? { limits } : {}) }
}

/**
 * What a real Open Payments client sends: the access it wants and its own wallet address as `client`, whose
 * `jwks.json` holds the key the request is signed with.
 */
export function grantRequest(client: string, access: AccessRequest[]): GrantRequest {
  return { access_token: { access }, client } as GrantRequest
}

/** The redirect interaction of outgoing-payment grants, with a fresh nonce and a finish URI of its own. */
export function interactiveGrantRequest(
  client: string,
  access: AccessRequest[],
): { request: GrantRequest; clientNonce: string; finishUri: string } {
  const clientNonce = randomBytes(16).toString('base64url')
  // A reserved name (RFC 2606) that never resolves: the consent drivers catch the redirect before any network.
  const finishUri = `https://conformance-client.invalid/finish/${randomUUID()}`
  const request = {
    ...grantRequest(client, access),
    interact: { start: ['redirect'], finish: { method: 'redirect', uri: finishUri, nonce: clientNonce } },
  } as GrantRequest
  return { request, clientNonce, finishUri }
}
