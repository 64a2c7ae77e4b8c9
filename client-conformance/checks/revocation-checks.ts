import { asUriOf } from '../../clients/src/index.ts'
import { isGrantRequest, isResourceRequest, isRotation, tokenOf } from '../recorded-traffic.ts'
import type { RecordedExchange } from '../recording-proxy.ts'
import { REVOKED_FAULT } from '../token-revocation.ts'
import type { Check, Violation } from './check.ts'

const refused = (exchange: RecordedExchange) => exchange.response.status >= 400

/**
 * Once the ASE refused the revoked token, the client does not present it to the resource server again; a client
 * that cannot tell revocation from expiry may try one rotation, but after the AS refused that too, no request
 * carries the token (RFC 9635 6.2: a revoked token is unusable for every purpose).
 */
export const revokedTokenDropped: Check = (run) => {
  const revoked = run.exchanges.filter((e) => e.fault === REVOKED_FAULT).flatMap((e) => tokenOf(e) ?? [])
  const violations: Violation[] = []
  let observed = 0
  for (const token of revoked) {
    const uses = run.exchanges.filter((e) => tokenOf(e) === token)
    const firstRefusal = uses.find(refused)
    if (!firstRefusal) continue
    observed++
    for (const use of uses.filter((e) => e.seq > firstRefusal.seq)) {
      const rotationRefused = uses.some((e) => e.seq < use.seq && isRotation(e) && refused(e))
      if (!isResourceRequest(use) && !rotationRefused) continue
      violations.push({
        message: `${use.request.method} ${use.request.url}: sent the revoked token again, after the ${firstRefusal.response.status} of request #${firstRefusal.seq}`,
        exchange: use,
      })
    }
  }
  return [
    {
      rule: 'CL-REVOKED-TOKEN',
      observed,
      violations,
      unobservedReason:
        revoked.length === 0
          ? 'no token was revoked: the client made no resource request that succeeded'
          : 'the client did not present the revoked token again, so it was never refused',
    },
  ]
}

/** After a 401 naming an as_uri, the client's next grant request goes to that as_uri (RFC 9635 9.1). */
export const asUriFollowed: Check = (run) => {
  const challenges = run.exchanges.filter(
    (e) =>
      isResourceRequest(e) && e.response.status === 401 && asUriOf(e.response.headers['www-authenticate']),
  )
  const violations: Violation[] = []
  let observed = 0
  for (const challenge of challenges) {
    const next = run.exchanges.find((e) => e.seq > challenge.seq && isGrantRequest(e))
    if (!next) continue
    observed++
    const asUri = asUriOf(challenge.response.headers['www-authenticate'])!
    if (new URL(next.request.url).href !== new URL(asUri).href)
      violations.push({
        message: `after the 401 of request #${challenge.seq} (as_uri ${asUri}), the next grant request went to ${next.request.url}`,
        exchange: next,
      })
  }
  return [
    {
      rule: 'CL-AS-URI',
      observed,
      violations,
      unobservedReason:
        challenges.length === 0
          ? 'the client met no 401 naming an as_uri (it stopped before its token was revoked)'
          : 'no grant request followed the 401 (the client told its caller instead)',
    },
  ]
}
