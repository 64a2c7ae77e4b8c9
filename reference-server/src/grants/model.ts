import type { Grant as OpenPaymentsGrant } from '@interledger/open-payments'
import type { AccessEntry } from '../authorization/access-context.ts'
import type { PublicUrls } from '../config.ts'

/**
 * pending: waits for the resource owner; approved: accepted, waits for the client to continue;
 * rejected: refused at the consent page; issued: its access token was handed out; revoked: cancelled by the
 * client (DELETE /continue), which also revokes its tokens.
 */
export type GrantState = 'pending' | 'approved' | 'rejected' | 'issued' | 'revoked'

export interface Grant {
  id: string
  /** The client's wallet address URL. */
  client: string
  access: AccessEntry[]
  /** The subject identifiers the client asked to have confirmed; absent when it asked for none. */
  subject?: SubjectId[]
  state: GrantState
  continueToken: string
  /** Continuing earlier is too fast; undefined for grants issued at once. */
  continueAfter: Date | undefined
  createdAt: Date
}

/** A subject identifier (RFC 9635 section 2.2): the Open Payments document allows the `uri` format only. */
export interface SubjectId {
  id: string
  format: 'uri'
}

/**
 * Only outgoing payments move money out, and only the resource owner can confirm who they are: those two need
 * the resource owner's consent.
 */
export function needsInteraction(
  access: readonly AccessEntry[],
  subject: readonly SubjectId[] | undefined,
): boolean {
  return subject !== undefined || access.some((entry) => entry.type === 'outgoing-payment')
}

export function continueUrl(urls: PublicUrls, grantId: string): string {
  return `${urls.authServer}/continue/${grantId}`
}

/** The `continue` object of every grant response; `wait` is added while the grant waits for consent. */
export function toContinueBody(urls: PublicUrls, grant: Grant): OpenPaymentsGrant['continue'] {
  return { access_token: { value: grant.continueToken }, uri: continueUrl(urls, grant.id) }
}
