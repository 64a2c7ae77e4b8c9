import type { JWK } from '@interledger/open-payments'
import type { WalletAddressProfile } from './model.ts'

/** What a wallet address publishes: its document's fields and its key set (not its balance). */
export interface PublishedWalletAddress extends WalletAddressProfile {
  keys: JWK[]
}

export interface PublishedWalletAddresses {
  get(name: string): Promise<PublishedWalletAddress | undefined>
  /** Forgets a name at once, after this process changed its document or keys. */
  evict(name: string): void
}

/**
 * How long a published wallet address is served from memory. Only seeding changes one: this process evicts
 * what it re-seeds, and another process sharing the database that re-seeds with other keys or public name is
 * seen within this time (clients may cache the documents for a minute anyway: Cache-Control max-age=60).
 */
export const PUBLISHED_TTL_MS = 1000
const MAX_CACHED = 10_000

/**
 * Wallet address documents and key sets kept in memory, so that serving them costs no database round trip.
 * Concurrent requests for a name share one load. Unknown names are not remembered: an address seeded later
 * (by any process) is found at once.
 */
export function createPublishedWalletAddresses(
  load: (name: string) => Promise<PublishedWalletAddress | undefined>,
): PublishedWalletAddresses {
  const entries = new Map<string, { loaded: Promise<PublishedWalletAddress | undefined>; at: number }>()
  const forget = (name: string, loaded: Promise<unknown>) => {
    if (entries.get(name)?.loaded === loaded) entries.delete(name)
  }
  return {
    get: (name) => {
      const now = Date.now()
      const entry = entries.get(name)
      if (entry !== undefined && now - entry.at < PUBLISHED_TTL_MS) return entry.loaded
      const loaded = load(name)
      if (entry === undefined && entries.size >= MAX_CACHED) entries.delete(entries.keys().next().value ?? '')
      entries.set(name, { loaded, at: now })
      loaded.then(
        (found) => found === undefined && forget(name, loaded),
        () => forget(name, loaded),
      )
      return loaded
    },
    evict: (name) => entries.delete(name),
  }
}
