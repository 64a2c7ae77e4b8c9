import type { AccessEntry } from '../access/access-context.ts'

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
  state: GrantState
  continueToken: string
  /** Continuing earlier is too fast; undefined for grants issued at once. */
  continueAfter: Date | undefined
  createdAt: Date
}

/** Only outgoing payments move money out, so only they need the resource owner's consent. */
export function needsInteraction(access: readonly AccessEntry[]): boolean {
  return access.some((entry) => entry.type === 'outgoing-payment')
}
