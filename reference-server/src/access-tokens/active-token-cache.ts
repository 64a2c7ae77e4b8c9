import type { TokenWithGrant } from './model.ts'

/**
 * Tokens lately found active, by the hash of their value, so that a client's stream of requests does not read
 * its token and grant from the database on each one (a round trip that costs more than the request's own
 * query). Only active tokens are kept; expiry is still judged on every use. Revoking in this process evicts at
 * once; a revocation by another process sharing the database is seen within TTL_MS.
 */
export interface ActiveTokenCache {
  get(valueHash: string): TokenWithGrant | undefined
  set(valueHash: string, found: TokenWithGrant): void
  evictToken(tokenId: string): void
  evictGrant(grantId: string): void
}

const TTL_MS = 1000
const MAX_ENTRIES = 10_000

export function createActiveTokenCache(): ActiveTokenCache {
  const entries = new Map<string, { found: TokenWithGrant; storedAt: number }>()
  const evictWhere = (matches: (found: TokenWithGrant) => boolean) => {
    for (const [hash, entry] of entries) if (matches(entry.found)) entries.delete(hash)
  }
  return {
    get: (valueHash) => {
      const entry = entries.get(valueHash)
      if (entry === undefined) return undefined
      if (Date.now() - entry.storedAt < TTL_MS) return entry.found
      entries.delete(valueHash)
      return undefined
    },
    set: (valueHash, found) => {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '')
      entries.set(valueHash, { found, storedAt: Date.now() })
    },
    evictToken: (tokenId) => evictWhere((found) => found.token.id === tokenId),
    evictGrant: (grantId) => evictWhere((found) => found.grant.id === grantId),
  }
}
