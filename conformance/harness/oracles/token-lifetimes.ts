import type { Exchange } from '../../../clients/src/index.ts'
import type { RuleRef } from '../rules/registry.ts'
import type { ClauseCheck } from './clause-check.ts'
import { presentedToken } from './presented-token.ts'

/**
 * Rounding of expires_in to whole seconds: a token whose life the server counts from a moment up to a second
 * later than it says is given that second.
 */
const ROUNDING_MS = 1_000

/** When a token stopped being acceptable, on the suite's clock, and the clause a later acceptance breaks. */
interface End {
  at: number
  ref: RuleRef
  why: string
}

/**
 * The end of every token this worker saw issued, over every exchange of the run: after its expires_in
 * (TOKEN-EXPIRY), its rotation (TOKEN-ROTATE), its revocation or its grant's (TOKEN-REVOKE). An end is taken on the
 * suite's clock when the answer that set it arrived: the server had issued, rotated or revoked the token by then,
 * so a request sent later reaches it after the end on its own clock too. A success answer to a resource-server
 * request presenting a token past its end breaks that clause, whichever test sent it. Acceptance before the end
 * proves nothing: the rules' own tests, which present an ended token, show them holding.
 */
export class TokenLifetimes {
  readonly #ends = new Map<string, End>()
  /** Continuation token -> the access tokens its grant issued: revoking the grant ends them all. */
  readonly #grants = new Map<string, string[]>()

  /** A success answer of the authorization server (grant, continuation, rotation, revocation) at `receivedAt`. */
  answered(
    operation: 'grant' | 'rotate' | 'revoke-token' | 'revoke-grant',
    exchange: Exchange,
    receivedAt: number,
  ) {
    const presented = presentedToken(exchange)
    if (operation === 'rotate' && presented)
      this.#end(presented, receivedAt, 'TOKEN-ROTATE#old-refused', 'its rotation')
    if (operation === 'revoke-token' && presented)
      this.#end(presented, receivedAt, 'TOKEN-REVOKE#token', 'its revocation')
    if (operation === 'revoke-grant' && presented) {
      for (const token of this.#grants.get(presented) ?? [])
        this.#end(token, receivedAt, 'TOKEN-REVOKE#grant', "its grant's revocation")
    }
    if (operation === 'grant' || operation === 'rotate') {
      const values = this.#issued(exchange.response.json, receivedAt)
      this.#belongTo(this.#grantKeys(operation, exchange.response.json, presented), values)
    }
  }

  /** A success answer to a resource-server request sent at `sentAt`: accepted a token past its end? */
  judge(exchange: Exchange, sentAt: number): ClauseCheck[] {
    const token = presentedToken(exchange)
    const end = token === undefined ? undefined : this.#ends.get(token)
    if (end === undefined || sentAt <= end.at) return []
    const late = ((sentAt - end.at) / 1000).toFixed(1)
    const line = `a token was accepted ${late} s after ${end.why} (answered ${exchange.response.status})`
    return [{ ref: end.ref, holds: false, line }]
  }

  /** The tokens an answer issues, each with the end its expires_in announces. */
  #issued(body: unknown, receivedAt: number): string[] {
    const token = (body as { access_token?: unknown } | undefined)?.access_token
    const values: string[] = []
    for (const issued of Array.isArray(token) ? token : [token]) {
      const { value, expires_in: seconds } = (issued ?? {}) as { value?: unknown; expires_in?: unknown }
      if (typeof value !== 'string') continue
      values.push(value)
      if (typeof seconds === 'number' && Number.isFinite(seconds)) {
        const end = receivedAt + seconds * 1000 + ROUNDING_MS
        this.#end(value, end, 'TOKEN-EXPIRY', 'the end of the life its expires_in announced')
      }
    }
    return values
  }

  /**
   * The continuation tokens that name the grant an answer's tokens belong to: a grant or continuation answer's
   * own (and the one that continued it); a rotation's, the grant of the token it replaced.
   */
  #grantKeys(operation: 'grant' | 'rotate', body: unknown, presented: string | undefined): string[] {
    if (operation === 'rotate')
      return [...this.#grants]
        .filter(([, tokens]) => presented && tokens.includes(presented))
        .map(([key]) => key)
    const next = (body as { continue?: { access_token?: { value?: unknown } } } | undefined)?.continue
    const continuation = next?.access_token?.value
    return [continuation, presented].filter((key): key is string => typeof key === 'string')
  }

  #belongTo(grants: readonly string[], tokens: readonly string[]): void {
    for (const grant of grants) this.#grants.set(grant, [...(this.#grants.get(grant) ?? []), ...tokens])
  }

  #end(token: string, at: number, ref: RuleRef, why: string): void {
    const known = this.#ends.get(token)
    if (!known || at < known.at) this.#ends.set(token, { at, ref, why })
  }
}
