import type { JWK } from '@interledger/open-payments'
import type { Database } from '../db/database.ts'
import { recordLedgerMovement } from '../ledger/repository.ts'
import { WalletAddressError } from './errors.ts'
import type { WalletAddress } from './model.ts'
import { walletAddressNameProblem } from './name.ts'
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
  getByName(name: string): Promise<WalletAddress | WalletAddressError>
  getKeys(name: string): Promise<JWK[] | WalletAddressError>
  /**
   * Creates the address, or brings an existing one in line with the input (public name, keys). The
   * opening balance is only credited on creation, so running it again never creates money.
   */
  ensure(input: EnsureWalletAddressInput): Promise<EnsuredWalletAddress | WalletAddressError>
}

interface ServiceDependencies {
  db: Database
}

export function createWalletAddressService(deps: ServiceDependencies): WalletAddressService {
  return {
    getByName: (name) => getByName(deps, name),
    getKeys: (name) => getKeys(deps, name),
    ensure: (input) => ensure(deps, input),
  }
}

async function getByName(
  deps: ServiceDependencies,
  name: string,
): Promise<WalletAddress | WalletAddressError> {
  return (await findWalletAddressByName(deps.db, name)) ?? WalletAddressError.UnknownWalletAddress
}

async function getKeys(deps: ServiceDependencies, name: string): Promise<JWK[] | WalletAddressError> {
  const walletAddress = await findWalletAddressByName(deps.db, name)
  if (walletAddress === undefined) return WalletAddressError.UnknownWalletAddress
  return findWalletAddressKeys(deps.db, walletAddress.id)
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
