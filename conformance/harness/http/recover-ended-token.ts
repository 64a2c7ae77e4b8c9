import type { Exchange, RequestOptions } from '../../../clients/src/index.ts'
import { rule, WARNING_ANNOTATION } from '../rules/covers.ts'
import { observe } from '../rules/observations.ts'
import type { RuleId } from '../rules/registry.ts'
import { runningTest } from '../time/test-clock.ts'
import { exchangeRef } from './format-exchange.ts'
import { type RenewableToken, renewableToken } from './renewable-tokens.ts'

/** The beyond-spec rule a kept token that stops working early is a finding of (never a spec failure). */
export const TOKEN_LIFETIME_RULE: RuleId = 'TOKEN-LIFETIME'

/** How much earlier than we received it the server may count a token's life from. */
const SKEW_MS = 2_000

/** How many earlier renewals, themselves ended, one request follows: a bound, whatever the clocks say. */
const MAX_FOLLOWED = 3

/** Kept tokens whose early end was reported: once each, however many requests held it. */
const warned = new WeakSet<RenewableToken>()

/**
 * The kept token of a request that may be sent again with a fresh one when it is refused as unauthorized: a request
 * signed the ordinary way. One whose signing is broken on purpose (no or altered signature, another key, an
 * Authorization header of its own) is refused for what it carries, not for the token's age. Bad input is sent
 * again too: an unknown id must get its 404 and a malformed body its 400 whatever the token's age, and a server
 * that checks the token first answers an ended one 401 (GNAP lets a token end before any time announced: with
 * tokens ending unannounced after 20 s, an unknown id's read got 401 and failed IP-GET).
 */
export function renewableTokenOf(request: RequestOptions): RenewableToken | undefined {
  const ordinary =
    request.sign !== false &&
    request.alter === undefined &&
    request.signOptions === undefined &&
    !Object.keys(request.headers ?? {}).some((name) => name.toLowerCase() === 'authorization')
  return ordinary ? renewableToken(request.token) : undefined
}

/**
 * What a request with a kept token leads to. Accepted, the token's life so far is the evidence of TOKEN-LIFETIME.
 * Refused with 401, the token may have ended before any time the server announced, which GNAP allows: the grant
 * is renewed and the request sent again once with the fresh token, and its answer is the one the caller judges.
 * The early end is a warning only when the fresh token is accepted and the kept one was refused before its
 * expires_in: a 401 to a fresh token is the operation's own failure, judged by the caller's check as any other
 * answer.
 */
export async function recoverEndedToken(
  exchange: Exchange,
  token: RenewableToken,
  operationId: string,
  resend: (freshToken: string) => Promise<Exchange>,
  now: () => number = Date.now,
  followed = 0,
): Promise<Exchange> {
  const age = `${Math.round((now() - token.issuedAt) / 1000)} s`
  const status = exchange.response.status
  if (status !== 401) {
    if (status < 300) {
      observe(
        TOKEN_LIFETIME_RULE,
        'pass',
        `${operationId}: a kept token ${age} old was accepted`,
        exchangeRef(exchange),
      )
    }
    return exchange
  }
  const recovering = now()
  const fresh = await token.renew()
  const retried = await resend(fresh)
  const earlier = renewableToken(fresh)
  if (
    retried.response.status === 401 &&
    earlier &&
    earlier.issuedAt < recovering &&
    followed < MAX_FOLLOWED
  ) {
    // The fresh token was an earlier renewal's (this request held a token ended before), and has ended since too.
    return recoverEndedToken(retried, earlier, operationId, resend, now, followed + 1)
  }
  if (retried.response.status !== 401 && endedEarly(token, recovering) && !warned.has(token)) {
    warned.add(token)
    const announced =
      token.expiresIn === undefined ? 'it carried no expires_in' : `its expires_in was ${token.expiresIn} s`
    warnOnRunningTest(
      `${operationId}: a kept access token was refused (401) ${age} after it was issued (${announced}); a fresh ` +
        `token of the same grant request was answered ${retried.response.status}, so the suite renewed the grant ` +
        'and went on (GNAP lets a server end a token early; recovering is the client’s job)',
      exchangeRef(exchange),
    )
  }
  return retried
}

/** How long before its announced end a kept token is no longer presented: the request's own transit, at most. */
const PRESENT_MARGIN_MS = 5_000

/**
 * The token to present for `value`: itself, or, for a kept token whose announced life (its expires_in) is over or
 * nearly so, a fresh one of the same grant request. A client does not present a token it knows has ended; a test
 * that held one that long (a property run that waits out a 60 s minimum lifetime) would otherwise judge the
 * server by the suite's own timing, whatever the request (an unknown id's read is answered 401 instead of 404).
 * Tokens a test obtained for itself are never kept, so an expired token sent on purpose is sent as it is.
 */
export async function presentableToken(
  value: string | undefined,
  now: number = Date.now(),
): Promise<string | undefined> {
  const kept = renewableToken(value)
  if (kept?.expiresIn === undefined) return value
  const lifeMs = kept.expiresIn * 1000
  const ends = kept.issuedAt + lifeMs - Math.min(PRESENT_MARGIN_MS, lifeMs / 4)
  return now < ends ? value : kept.renew()
}

/**
 * Refused before the time it announced (clock skew and the grant response's transit allowed for), or without
 * one: a token refused after its expires_in has ended as the spec says, and a test that outlasted it (a
 * pagination walk 200 ms away) only needed a fresh one.
 */
export function endedEarly(token: RenewableToken, refusedAt: number): boolean {
  return token.expiresIn === undefined || refusedAt - token.issuedAt < token.expiresIn * 1000 - SKEW_MS
}

/** warn() for code that may run outside a test (a worker's set-up): there, nothing is recorded. */
function warnOnRunningTest(message: string, exchange: string): void {
  runningTest()?.annotations.push({
    type: WARNING_ANNOTATION,
    description: rule(TOKEN_LIFETIME_RULE, message),
  })
  observe(TOKEN_LIFETIME_RULE, 'warning', message, exchange)
}
