import { loadClientKey, OpenPaymentsClient } from '../clients/src/index.ts'
import { isResourceRequest, issuedTokens, tokenOf } from './recorded-traffic.ts'
import type { Fault } from './recording-proxy.ts'
import type { SimulatedAse } from './simulated-ase.ts'

export const REVOKED_FAULT = 'the ASE revoked this access token before answering'

/**
 * The ASE revokes the token of the client's first successful resource request, before the client gets the answer:
 * its next use of that token meets the server's own 401 (with WWW-Authenticate). The revocation is a real one, at
 * the token's management URL (RFC 9635 6.2), signed with the client's key and sent past the proxy, so it is not
 * taken for the client's traffic.
 */
export function revokeAfterFirstUse(ase: SimulatedAse): Fault {
  let revoked = false
  return async (exchange, answer) => {
    const token = tokenOf(exchange)
    if (revoked || !token || !isResourceRequest(exchange) || answer.status >= 300) return undefined
    revoked = true
    await revokeToken(ase, token)
    return { ...answer, fault: REVOKED_FAULT }
  }
}

/**
 * `revokeAfterFirstUse`, and every 401 of the resource server names the grant endpoint as an `as_uri` the client
 * cannot have from elsewhere: the same endpoint with a query (same origin and path as the wallet address's
 * authServer, so a client that checks the origin still follows it).
 */
export function revokeWithAsUri(ase: SimulatedAse): Fault {
  const revoke = revokeAfterFirstUse(ase)
  const asUri = asUriAlias(ase)
  return (exchange, answer) => {
    if (exchange.server !== 'resource' || answer.status !== 401) return revoke(exchange, answer)
    return {
      ...answer,
      headers: { ...answer.headers, 'www-authenticate': `GNAP as_uri="${asUri}"` },
      fault: `WWW-Authenticate names as_uri ${asUri}`,
    }
  }
}

/** The grant endpoint as the `as-uri` scenario's 401 names it. */
export const asUriAlias = (ase: SimulatedAse) => `${ase.authUrl}/?via=www-authenticate`

/** DELETE at the token's management URL, as the client would, sent straight to the reference server. */
async function revokeToken(ase: SimulatedAse, value: string): Promise<void> {
  const issued = issuedTokens(ase.recorder.exchanges).get(value)?.exchange.response.json as
    | { access_token?: { manage?: string } }
    | undefined
  const manage = issued?.access_token?.manage
  if (!manage) throw new Error('the suite cannot revoke a token whose grant response it did not see')
  const client = new OpenPaymentsClient({
    key: loadClientKey({ keyId: ase.client.keyId, privateKey: ase.client.privateKeyPem }),
    signedTargetUri: () => manage,
  })
  const upstream = new URL(new URL(manage).pathname, ase.plan.authUpstream).href
  const { response } = await client.send({ method: 'DELETE', url: upstream, token: value })
  if (response.status >= 300)
    throw new Error(`revoking the token at ${manage} answered ${response.status}: ${response.text}`)
}
