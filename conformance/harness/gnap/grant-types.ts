import type {
  AccessToken,
  GrantRequest,
  GrantWithAccessToken,
  PendingGrant,
} from '@interledger/open-payments'
import { honouredWaitSeconds } from './continue-wait.ts'

/** One access token as the authorization server issues it (`value`, `manage`, `expires_in`, `access`). */
export type IssuedToken = AccessToken['access_token']

/** Where and when the client may continue a grant (`continue` of a grant response). */
export interface Continuation {
  uri: string
  accessToken: string
  /** `continue.wait` in seconds as the suite honours it (continue-wait.ts), when given. */
  wait?: number
  /** Epoch milliseconds before which continuing would be too fast. */
  notBefore: number
}

/** A grant issued at once (incoming payments, quotes) or after interaction and continuation. */
export interface IssuedGrant {
  /** The URL the grant request was posted to (the wallet address document's `authServer`). */
  grantEndpoint: string
  request: GrantRequest
  grant: GrantWithAccessToken
  continuation: Continuation
  /** Epoch milliseconds at which the token was received, for `expires_in`. */
  issuedAt: number
}

/** An outgoing-payment grant request the authorization server answered with interaction instructions. */
export interface InteractiveGrant {
  grantEndpoint: string
  request: GrantRequest
  grant: PendingGrant
  continuation: Continuation
  /** The nonce the client sent in `interact.finish.nonce`, needed to check the finish hash. */
  clientNonce: string
  /** Where the consent page sends the browser when the interaction ends. */
  finishUri: string
}

export function continuationOf(value: PendingGrant['continue'], receivedAt = Date.now()): Continuation {
  const wait = honouredWaitSeconds(value.wait)
  return {
    uri: value.uri,
    accessToken: value.access_token.value,
    ...(value.wait === undefined ? {} : { wait }),
    notBefore: receivedAt + wait * 1000,
  }
}
