import { OpenPaymentsClient, type Transport } from '../../../clients/src/index.ts'
import type { ClientIdentity } from '../client-identity/client-identity.ts'
import { grantRequest, type IncomingAccess } from '../gnap/grant-requests.ts'
import { reasonOf } from './check-wallet-address.ts'

/** Where the identity comes from in the target file: `client` or `secondClient`. */
export type IdentityField = 'client' | 'secondClient'

interface JwksKey {
  kid?: unknown
  x?: unknown
}

/**
 * Proves one client identity before any test, so a configuration mistake is reported as one (naming the
 * target-file field) instead of as the server failing every rule: its public key is in the client's JWKS under
 * `keyId`, and the target accepts it, which a grant request for incoming payments on the receiver shows (signed,
 * it passes only when the target can fetch that JWKS and verify the signature). Undefined when it is usable. A
 * refusal that does not name the client (a server error, another client error) is left for the tests to judge.
 */
export async function clientIdentityProblem(input: {
  field: IdentityField
  identity: ClientIdentity
  /** The receiver's wallet address URL: its authServer gets the grant request. */
  receiver: string
  transport: Transport
  /** The URL a signature covers for a request to `url` (the target's routes). */
  signedTargetUri?: (url: string) => string
}): Promise<string | undefined> {
  const { field, identity, transport } = input
  const { keyId, publicJwk } = identity.key
  const jwksUrl = `${identity.walletAddress.replace(/\/$/, '')}/jwks.json`
  const jwks = await transport({ method: 'GET', url: jwksUrl, headers: { accept: 'application/json' } })
  const keys = (jwks.json as { keys?: unknown } | undefined)?.keys
  if (jwks.status !== 200 || !Array.isArray(keys))
    return `${field}.walletAddress: its key set ${jwksUrl} answered HTTP ${jwks.status} without {"keys": [...]}`
  const listed = (keys as JwksKey[]).find((key) => key.kid === keyId)
  if (!listed) {
    const kids = (keys as JwksKey[]).map((key) => JSON.stringify(key.kid)).join(', ') || 'none'
    return `${field}.keyId: ${jwksUrl} has no key "${keyId}" (its key ids: ${kids})`
  }
  if (listed.x !== publicJwk.x)
    return `${field}.privateKey: its public half is not the key "${keyId}" of ${jwksUrl} (a key of another pair, or the wrong ${field}.keyId)`

  const wallet = await transport({
    method: 'GET',
    url: input.receiver,
    headers: { accept: 'application/json' },
  })
  const { authServer, id } = (wallet.json ?? {}) as { authServer?: unknown; id?: unknown }
  if (typeof authServer !== 'string' || typeof id !== 'string') return undefined
  const client = new OpenPaymentsClient({
    key: identity.key,
    walletAddress: identity.walletAddress,
    transport,
    ...(input.signedTargetUri ? { signedTargetUri: input.signedTargetUri } : {}),
  })
  const access: IncomingAccess = { type: 'incoming-payment', actions: ['read'], identifier: id }
  const request = grantRequest(identity.walletAddress, [access])
  const response = await client.send({ method: 'POST', url: authServer, json: request }).then(
    (exchange) => exchange.response,
    (error: unknown) => ({ unanswered: reasonOf(error) }),
  )
  // The receiver's document named this server: the client identity is not what failed.
  if ('unanswered' in response)
    return `walletAddresses.receiver: its authServer ${authServer} (named by ${id}) does not answer a grant request: ${response.unanswered}`
  const code = (response.json as { error?: { code?: unknown } | string } | undefined)?.error
  const errorCode = typeof code === 'string' ? code : code?.code
  if (response.status === 401 || errorCode === 'invalid_client') {
    return (
      `${field}: the target does not accept the client identity (walletAddress ${identity.walletAddress}, keyId ` +
      `"${keyId}"): a signed grant request to ${authServer} answered HTTP ${response.status} ${response.text.slice(0, 200)}`
    )
  }
  return undefined
}
