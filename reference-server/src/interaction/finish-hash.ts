import { createHash } from 'node:crypto'

/**
 * The `hash` of the finish redirect (RFC 9635 section 4.2.3): SHA-256 over the client nonce, the server
 * nonce, the interaction reference and the grant endpoint URL, joined by newlines, as base64url without
 * padding. It lets the client check that the redirect ends the interaction it started.
 */
export function finishHash(input: {
  clientNonce: string
  serverNonce: string
  interactRef: string
  grantEndpoint: string
}): string {
  return createHash('sha256')
    .update([input.clientNonce, input.serverNonce, input.interactRef, input.grantEndpoint].join('\n'))
    .digest('base64url')
}
