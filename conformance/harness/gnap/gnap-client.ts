import type { PendingGrant } from '@interledger/open-payments'
import type { Exchange, RequestOptions } from '../../../clients/src/index.ts'
import type { ConformanceApi } from '../http/conformance-api.ts'
import type { RequestInput } from '../http/response-checks.ts'
import { OPERATIONS } from '../openapi/operations.ts'
import { announceWait } from '../time/progress.ts'
import { recordTargetTime } from '../time/request-time.ts'
import { honouredWaitSeconds } from './continue-wait.ts'
import type { Continuation, IssuedToken } from './grant-types.ts'

/** Changes a test makes to an otherwise correct GNAP request, to break it on purpose. */
export type Overrides = Partial<
  Pick<RequestOptions, 'token' | 'sign' | 'signOptions' | 'alter' | 'headers' | 'rawBody'>
> & {
  /** Replaces the JSON body; `null` sends no body at all. */
  json?: unknown
  /** 'invalid' when the change makes the request carry bad input (see ConformanceApi.send). */
  input?: RequestInput
}

/**
 * The GNAP calls of an Open Payments client, one method per endpoint, returning the raw exchange so tests can
 * assert status and body. Continuations honour `continue.wait` unless told to be early.
 */
export class GnapClient {
  constructor(readonly api: ConformanceApi) {}

  requestGrant(grantEndpoint: string, body: unknown, overrides: Overrides = {}): Promise<Exchange> {
    const { json, ...rest } = overrides
    return this.api.send({
      operation: OPERATIONS.postGrant,
      method: 'POST',
      url: grantEndpoint,
      ...(rest.rawBody === undefined ? jsonBody(json === undefined ? body : json) : {}),
      ...rest,
    })
  }

  /** POST <continue.uri> with `Authorization: GNAP <continue token>`; the body is `{interact_ref}` when given. */
  async continueGrant(
    continuation: Continuation,
    interactRef: string | undefined,
    overrides: Overrides & { early?: boolean } = {},
  ): Promise<Exchange> {
    const { early, json, ...rest } = overrides
    if (!early) await honourWait(continuation)
    const body =
      json === undefined ? (interactRef === undefined ? null : { interact_ref: interactRef }) : json
    const exchange = await this.api.send({
      operation: OPERATIONS.postContinue,
      method: 'POST',
      url: continuation.uri,
      token: continuation.accessToken,
      ...(rest.rawBody === undefined ? jsonBody(body) : {}),
      ...rest,
    })
    refresh(continuation, exchange)
    return exchange
  }

  /** DELETE <continue.uri>: revokes the grant and every token issued under it. */
  revokeGrant(continuation: Continuation, overrides: Overrides = {}): Promise<Exchange> {
    return this.api.send({
      operation: OPERATIONS.deleteContinue,
      method: 'DELETE',
      url: continuation.uri,
      token: continuation.accessToken,
      ...overrides,
    })
  }

  /** POST <manage>: a new token replaces this one. */
  rotateToken(token: IssuedToken, overrides: Overrides = {}): Promise<Exchange> {
    return this.api.send({
      operation: OPERATIONS.rotateToken,
      method: 'POST',
      url: token.manage,
      token: token.value,
      ...overrides,
    })
  }

  /** DELETE <manage>: the token stops working. */
  revokeToken(token: IssuedToken, overrides: Overrides = {}): Promise<Exchange> {
    return this.api.send({
      operation: OPERATIONS.revokeToken,
      method: 'DELETE',
      url: token.manage,
      token: token.value,
      ...overrides,
    })
  }
}

/**
 * A continuation response may hand out a new continuation token, URI or wait (RFC 9635 section 5), and the
 * wait runs again from each answer; the next continuation (or the grant's revocation) uses what is current.
 */
function refresh(continuation: Continuation, exchange: Exchange): void {
  const next = (exchange.response.json as { continue?: Partial<PendingGrant['continue']> } | undefined)
    ?.continue
  if (exchange.response.status === 200 && next) {
    if (typeof next.uri === 'string') continuation.uri = next.uri
    if (typeof next.access_token?.value === 'string') continuation.accessToken = next.access_token.value
    if (next.wait !== undefined) continuation.wait = honouredWaitSeconds(next.wait)
  }
  continuation.notBefore = Date.now() + (continuation.wait ?? 0) * 1000
}

function jsonBody(body: unknown): { json?: unknown } {
  return body === null || body === undefined ? {} : { json: body }
}

/** The one deliberate sleep of the suite: RFC 9635 says the client MUST wait `continue.wait` seconds. */
export async function honourWait(continuation: Continuation): Promise<void> {
  const remaining = continuation.notBefore - Date.now()
  announceWait(remaining, 'the continuation wait the authorization server asked for (RFC 9635)')
  if (remaining <= 0) return
  await new Promise((resolve) => setTimeout(resolve, remaining))
  recordTargetTime(remaining, remaining)
}
