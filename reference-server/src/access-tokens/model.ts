import { createHash, randomBytes } from 'node:crypto'
import type { AccessToken as OpenPaymentsAccessToken } from '@interledger/open-payments'
import type { AccessEntry } from '../authorization/access-context.ts'
import type { PublicUrls } from '../config.ts'
import type { Grant } from '../grants/model.ts'

export interface AccessToken {
  /** Also the management id: the manage URL is `<auth server>/token/<id>`. */
  id: string
  grantId: string
  expiresAt: Date
  revokedAt: Date | undefined
}

/** A token as issued: the only moment its value exists outside the client. */
export interface IssuedToken {
  id: string
  value: string
  expiresIn: number
}

export interface TokenWithGrant {
  token: AccessToken
  grant: Grant
}

/** 256 random bits, base64url: ASCII, as GNAP asks, and unguessable. */
export function newTokenValue(): string {
  return randomBytes(32).toString('base64url')
}

export function hashTokenValue(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

/** A token the resource server may honour: not revoked, not expired, of a grant that is still issued. */
export function isActive({ token, grant }: TokenWithGrant, now: Date): boolean {
  return token.revokedAt === undefined && token.expiresAt > now && grant.state === 'issued'
}

/** The management URL names the token by its id, never by its value. */
export function manageUrl(urls: PublicUrls, tokenId: string): string {
  return `${urls.authServer}/token/${tokenId}`
}

export function toAccessTokenBody(
  urls: PublicUrls,
  token: IssuedToken,
  access: AccessEntry[],
): OpenPaymentsAccessToken['access_token'] {
  return { value: token.value, manage: manageUrl(urls, token.id), expires_in: token.expiresIn, access }
}
