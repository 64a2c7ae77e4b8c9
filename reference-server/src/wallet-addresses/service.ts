import type { JWK } from '@interledger/open-payments'
import type { Database } from '../db/database.ts'
import { recordLedgerMovement } from '../ledger/repository.ts'
import { isWalletAddressError, WalletAddressError } from './errors.ts'
import type { WalletAddress } from './model.ts'
import { walletAddressNameProblem } from './name.ts'
import {
  createPublishedWalletAddresses,
  type PublishedWalletAddress,
  type PublishedWalletAddresses,
} from './published-cache.ts'
import {
  findWalletAddressByName,
  findWalletAddressKeys,
  insertWalletAddressIfAbsent,
  replaceWalletAddressKeys,
  updateWalletAddressPublicName,
} from './repository.ts'

export interface EnsureWalletAddressInput {
  name: string
  publicName: string | undefined
  assetCode: string
  assetScale: number
  /** Credited once, when the address is created. */
  openingBalance: bigint
  keys: JWK[]
}

export interface EnsuredWalletAddress {
  walletAddress: WalletAddress
  created: boolean
}

export interface WalletAddressService {
  /** The address as stored now, balance included. */
  getByName(name: string): Promise<WalletAddress | WalletAddressError>
  /** The document's fields and the keys, from memory (see PUBLISHED_TTL_MS). */
  getPublished(name: string): Promise<PublishedWalletAddress | WalletAddressError>
  getKeys(name: string): Promise<JWK[] | WalletAddressError>
  /**
   * Creates the address, or brings an existing one in line with the input (public name, keys). The
   * opening balance is only credited on creation, so running it again never creates money.
   */
  ensure(input: EnsureWalletAddressInput): Promise<EnsuredWalletAddress | WalletAddressError>
}

interface ServiceDependencies {
  db: Database
  published: PublishedWalletAddresses
}

export function createWalletAddressService({ db }: { db: Database }): WalletAddressService {
  const deps = { db, published: createPublishedWalletAddresses((name) => loadPublished(db, name)) }
  const getPublished = async (name: string) =>
    // A name no address can have is not worth a database round trip.
    (walletAddressNameProblem(name) === undefined ? await deps.published.get(name) : undefined) ??
    WalletAddressError.UnknownWalletAddress
  return {
    getByName: (name) => getByName(deps, name),
    getPublished,
    getKeys: async (name) => {
      const published = await getPublished(name)
      return isWalletAddressError(published) ? published : published.keys
    },
    // What this process re-seeds is served at once, not after the cache's lifetime.
    ensure: (input) => ensure(deps, input).finally(() => deps.published.evict(input.name)),
  }
}

async function getByName(
  deps: ServiceDependencies,
  name: string,
): Promise<WalletAddress | WalletAddressError> {
  return (await findWalletAddressByName(deps.db, name)) ?? WalletAddressError.UnknownWalletAddress
}

async function loadPublished(db: Database, name: string): Promise<PublishedWalletAddress | undefined> {
  const walletAddress = await findWalletAddressByName(db, name)
  if (walletAddress === undefined) return undefined
  const { publicName, assetCode, assetScale } = walletAddress
  return { name, publicName, assetCode, assetScale, keys: await findWalletAddressKeys(db, walletAddress.id) }
}

async function ensure(
  deps: ServiceDependencies,
  input: EnsureWalletAddressInput,
): Promise<EnsuredWalletAddress | WalletAddressError> {
  if (walletAddressNameProblem(input.name) !== undefined) return WalletAddressError.InvalidName
  return deps.db.transaction(async (trx) => {
    const inserted = await insertWalletAddressIfAbsent(trx, input)
    if (inserted !== undefined) {
      const balance =
        input.openingBalance > 0n
          ? await recordLedgerMovement(trx, {
              walletAddressId: inserted.id,
              amount: input.openingBalance,
              kind: 'seed',
            })
          : inserted.balance
      await replaceWalletAddressKeys(trx, inserted.id, input.keys)
      return { walletAddress: { ...inserted, balance }, created: true }
    }

    // The insert found the name taken, so the row exists; the lock serialises concurrent seeders.
    const existing = await findWalletAddressByName(trx, input.name, { forUpdate: true })
    if (existing === undefined) return WalletAddressError.UnknownWalletAddress
    if (existing.assetCode !== input.assetCode || existing.assetScale !== input.assetScale) {
      return WalletAddressError.AssetChanged
    }
    if (existing.publicName !== input.publicName) {
      await updateWalletAddressPublicName(trx, existing.id, input.publicName)
    }
    await replaceWalletAddressKeys(trx, existing.id, input.keys)
    return { walletAddress: { ...existing, publicName: input.publicName }, created: false }
  })
}
