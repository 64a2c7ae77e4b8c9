import { randomUUID } from 'node:crypto'
import type { Database } from '../db/database.ts'
import type { ActiveTokenCache } from './active-token-cache.ts'
import { AccessTokenError } from './errors.ts'
import { hashTokenValue, type IssuedToken, isActive, newTokenValue, type TokenWithGrant } from './model.ts'
import { findTokenByHash, findTokenById, insertAccessToken, revokeAccessToken } from './repository.ts'

export interface AccessTokenService {
  /** The token behind a value presented to the resource server, if it may still be used. */
  findActive(value: string): Promise<TokenWithGrant | AccessTokenError>
  /** The token at a management id, provided `value` is that token (revoked and expired ones included). */
  findManaged(manageId: string, value: string): Promise<TokenWithGrant | AccessTokenError>
  /** Replaces the token by a new one for the same grant and access; the old one stops working. */
  rotate(tokenId: string): Promise<IssuedToken | AccessTokenError>
  /** Idempotent. */
  revoke(tokenId: string): Promise<void>
}

interface ServiceDependencies {
  db: Database
  /** ACCESS_TOKEN_EXPIRES_IN. */
  expiresIn: number
  /** Shared with the grant service, which evicts the tokens of the grants it revokes. */
  cache: ActiveTokenCache
}

export function createAccessTokenService(deps: ServiceDependencies): AccessTokenService {
  const service: AccessTokenService = {
    findActive: (value) => findActive(deps, value),
    findManaged: (manageId, value) => findManaged(deps, manageId, value),
    rotate: (tokenId) => rotate(deps, tokenId),
    revoke: (tokenId) => revokeAccessToken(deps.db, tokenId, new Date()),
  }
  // A rotated or revoked token leaves the cache once its transaction has committed.
  const evictAfter = <T>(tokenId: string, change: Promise<T>) =>
    change.finally(() => deps.cache.evictToken(tokenId))
  return {
    ...service,
    rotate: (tokenId) => evictAfter(tokenId, service.rotate(tokenId)),
    revoke: (tokenId) => evictAfter(tokenId, service.revoke(tokenId)),
  }
}

/** Issues a token for a grant; callers pass their transaction so the grant and its token change together. */
export async function issueAccessToken(
  db: Database,
  grantId: string,
  expiresIn: number,
): Promise<IssuedToken> {
  const token = { id: randomUUID(), value: newTokenValue(), expiresIn }
  await insertAccessToken(db, {
    id: token.id,
    grantId,
    valueHash: hashTokenValue(token.value),
    expiresAt: new Date(Date.now() + expiresIn * 1000),
  })
  return token
}

async function findActive(
  deps: ServiceDependencies,
  value: string,
): Promise<TokenWithGrant | AccessTokenError> {
  const hash = hashTokenValue(value)
  const cached = deps.cache.get(hash)
  if (cached !== undefined && isActive(cached, new Date())) return cached
  const found = await findTokenByHash(deps.db, hash)
  if (found === undefined) return AccessTokenError.UnknownToken
  if (isActive(found, new Date())) {
    deps.cache.set(hash, found)
    return found
  }
  if (found.token.revokedAt !== undefined || found.grant.state !== 'issued')
    return AccessTokenError.RevokedToken
  return AccessTokenError.ExpiredToken
}

async function findManaged(
  deps: ServiceDependencies,
  manageId: string,
  value: string,
): Promise<TokenWithGrant | AccessTokenError> {
  const found = await findTokenById(deps.db, manageId)
  if (found === undefined) return AccessTokenError.UnknownManagementId
  const presented = await findTokenByHash(deps.db, hashTokenValue(value))
  return presented?.token.id === found.token.id ? found : AccessTokenError.WrongToken
}

async function rotate(deps: ServiceDependencies, tokenId: string): Promise<IssuedToken | AccessTokenError> {
  return deps.db.transaction(async (trx) => {
    // The lock makes two concurrent rotations of one token yield one new token, not two.
    const found = await findTokenById(trx, tokenId, { forUpdate: true })
    if (found === undefined) return AccessTokenError.UnknownManagementId
    // An expired token may be rotated (that is what rotation is for); a revoked one may not.
    if (found.token.revokedAt !== undefined || found.grant.state !== 'issued')
      return AccessTokenError.RevokedToken
    await revokeAccessToken(trx, tokenId, new Date())
    return issueAccessToken(trx, found.grant.id, deps.expiresIn)
  })
}
