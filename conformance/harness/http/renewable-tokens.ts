/**
 * The access tokens of grants the suite keeps for reuse (harness/gnap/grant-cache.ts), by value, each with the way
 * to a fresh one. GNAP lets an authorization server end a token before any time it announced, and recovering is
 * the client's job: a request that presented one of these and was refused as unauthorized is sent again once with
 * a fresh token (recover-ended-token.ts). Tokens a test obtained for itself are never here: a test that presents an
 * ended, revoked or rotated token on purpose gets the answer to that token.
 */
export interface RenewableToken {
  /** Epoch milliseconds at which the token was received. */
  issuedAt: number
  /** `expires_in` in seconds, when the token carries one. */
  expiresIn?: number
  /**
   * A fresh token for the same grant request, the ended one never handed out again; every request that finds it
   * ended gets the same fresh one.
   */
  renew(): Promise<string>
}

const renewable = new Map<string, RenewableToken>()

export function registerRenewableToken(value: string, token: RenewableToken): void {
  renewable.set(value, token)
}

export function renewableToken(value: string | undefined): RenewableToken | undefined {
  return value === undefined ? undefined : renewable.get(value)
}
