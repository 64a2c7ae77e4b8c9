import type { components } from '@interledger/open-payments/dist/openapi/generated/auth-server-types.js'

/** Access entries as the auth-server OpenAPI document defines them (grant requests and issued tokens). */
export type AccessEntry = components['schemas']['access-item']
export type AccessType = AccessEntry['type']

/**
 * What the resource guard established about a signed, authorized request. Handlers read it from
 * `res.locals.access`; it is absent only on routes where authorization is optional (the public view of an
 * incoming payment).
 */
export interface AccessContext {
  grantId: string
  tokenId: string
  /** The client's wallet address URL, as given in the grant request; scopes `read` and `list` to own resources. */
  client: string
  /** The token's entries that grant the route's type and action (or its `-all` variant). Never empty. */
  entries: AccessEntry[]
}

/** The entry that covers a wallet address: one naming it, or one with no identifier (quote entries have none). */
export function entryFor(access: AccessContext, walletAddressUrl: string): AccessEntry | undefined {
  return access.entries.find((entry) => {
    const identifier = 'identifier' in entry ? entry.identifier : undefined
    return identifier === undefined || identifier === walletAddressUrl
  })
}

/** Whether the entry lets the client act on every client's resources (`read-all`, `list-all`). */
export function coversAllClients(entry: AccessEntry, action: 'read' | 'list'): boolean {
  return (entry.actions as string[]).includes(`${action}-all`)
}
