import { parseFinishRedirect } from '../../conformance/harness/gnap/finish-redirect.ts'
import {
  isContinuation,
  isGrantRequest,
  isResourceRequest,
  isRotation,
  issuedTokens,
  requestJson,
  responseJson,
  tokenOf,
} from '../recorded-traffic.ts'
import type { RecordedExchange } from '../recording-proxy.ts'
import { type Check, overExchanges, type RuleOutcome } from './check.ts'

/**
 * The proxy times an answer after writing it, the client when it arrives: on a loaded machine the client can see
 * it first, by some ms. So a token sent this long after its expiry, or a continuation this much before continue.wait
 * ran out, is taken as on time.
 */
const TRANSIT_TOLERANCE_MS = 200

/** The grant response whose `continue` this continuation request answers. */
function continuedGrant(exchanges: readonly RecordedExchange[], request: RecordedExchange) {
  return exchanges.find((exchange) => {
    if (!isGrantRequest(exchange) || exchange.seq > request.seq) return false
    const cont = responseJson(exchange)?.continue as { uri?: string } | undefined
    return cont?.uri !== undefined && new URL(cont.uri).pathname === new URL(request.request.url).pathname
  })
}

/** No continuation before continue.wait seconds after the grant response (Grant request: continue.wait). */
export const continueWait: Check = (run) => [
  overExchanges('CL-CONTINUE-WAIT', run, isContinuation, (exchange) => {
    const grant = continuedGrant(run.all, exchange)
    if (!grant) return undefined
    const wait = (responseJson(grant)?.continue as { wait?: number } | undefined)?.wait ?? 0
    const after = exchange.receivedAt - grant.respondedAt
    return after < wait * 1000 - TRANSIT_TOLERANCE_MS
      ? `continued ${after} ms after the grant response, which said continue.wait ${wait} s`
      : undefined
  }),
]

/** Continuation carries the redirect's interact_ref and the continuation token. */
export const continuationForm: Check = (run) => [
  overExchanges('CL-CONTINUE-FORM', run, isContinuation, (exchange) => {
    const grant = continuedGrant(run.all, exchange)
    // A URL no grant response gave is judged as it stands: there is no grant behind it to read.
    if (!grant) return 'continued at a URL no grant response gave as continue.uri'
    const expected = (responseJson(grant)?.continue as { access_token?: { value?: string } } | undefined)
      ?.access_token?.value
    if (expected !== undefined && tokenOf(exchange) !== expected)
      return `Authorization is ${JSON.stringify(exchange.request.headers.authorization ?? null)}, not GNAP <continue.access_token.value>`
    const ref = requestJson(exchange)?.interact_ref
    const delivered = run.run.redirects.map((url) => parseFinishRedirect(url).interactRef)
    if (typeof ref !== 'string' || !delivered.includes(ref))
      return `interact_ref ${JSON.stringify(ref ?? null)} is not the one of the finish redirect (${delivered.join(', ')})`
    return undefined
  }),
]

/** No resource request with a token past its expires_in. */
export const tokenExpiry: Check = (run) => {
  const tokens = issuedTokens(run.all)
  return [
    overExchanges(
      'CL-TOKEN-EXPIRY',
      run,
      (exchange) => isResourceRequest(exchange) && tokens.has(tokenOf(exchange) ?? ''),
      (exchange) => {
        const { expiresAt } = tokens.get(tokenOf(exchange)!)!
        const late = exchange.receivedAt - expiresAt
        return late > TRANSIT_TOLERANCE_MS
          ? `used the access token ${late} ms after its expires_in`
          : undefined
      },
    ),
  ]
}

/** After a rotation, the old value is never sent again (RFC 9635 6.1). */
export const rotatedTokens: Check = (run): RuleOutcome[] => {
  const rotations = run.exchanges.filter((exchange) => isRotation(exchange) && exchange.response.status < 300)
  const violations = rotations.flatMap((rotation) => {
    const old = tokenOf(rotation)
    return run.exchanges
      .filter((later) => later.seq > rotation.seq && old !== undefined && tokenOf(later) === old)
      .map((later) => ({
        message: `${later.request.method} ${later.request.url}: sent the token rotated away at request #${rotation.seq}`,
        exchange: later,
      }))
  })
  return [
    {
      rule: 'CL-ROTATED-TOKEN',
      observed: rotations.length,
      violations,
      unobservedReason: 'the client rotated no token here (it may have asked for a new grant instead)',
    },
  ]
}
