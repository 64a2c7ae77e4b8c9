import type { Database } from '../db/database.ts'
import type { WalletAddress } from './model.ts'
import { findWalletAddressByName } from './repository.ts'

/** What never changes about a wallet address once created: the seed refuses an asset change, nothing deletes one. */
export type WalletAddressIdentity = Pick<WalletAddress, 'id' | 'name' | 'assetCode' | 'assetScale'>

export interface WalletAddressIdentities {
  byName(name: string): Promise<WalletAddressIdentity | undefined>
}

const MAX_CACHED = 10_000

/**
 * Wallet address identities read once per name, so that creating a resource costs one database round trip,
 * its insert. Unknown names are not remembered: an address seeded later (by any process) is found at once.
 */
export function createWalletAddressIdentities(db: Database): WalletAddressIdentities {
  const known = new Map<string, WalletAddressIdentity>()
  return {
    byName: async (name) => {
      const cached = known.get(name)
      if (cached !== undefined) return cached
      const found = await findWalletAddressByName(db, name)
      if (found === undefined) return undefined
      const identity = {
        id: found.id,
        name: found.name,
        assetCode: found.assetCode,
        assetScale: found.assetScale,
      }
      if (known.size >= MAX_CACHED) known.delete(known.keys().next().value ?? '')
      known.set(name, identity)
      return identity
    },
  }
}
