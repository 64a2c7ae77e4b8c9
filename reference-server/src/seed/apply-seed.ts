import { describeWalletAddressError, isWalletAddressError } from '../wallet-addresses/errors.ts'
import type { WalletAddress } from '../wallet-addresses/model.ts'
import type { WalletAddressService } from '../wallet-addresses/service.ts'
import { readSeedFile, SeedError } from './seed-file.ts'

export interface SeededWalletAddress {
  walletAddress: WalletAddress
  created: boolean
}

interface SeedDependencies {
  walletAddressService: WalletAddressService
}

/**
 * Reads, validates and applies the seed file. Safe to run on every start: addresses are matched by name
 * and opening balances are only credited to addresses this run creates.
 */
export async function seedDatabase(deps: SeedDependencies, file: string): Promise<SeededWalletAddress[]> {
  const seed = await readSeedFile(file)
  const seeded: SeededWalletAddress[] = []
  for (const [index, { balance, ...entry }] of seed.walletAddresses.entries()) {
    const result = await deps.walletAddressService.ensure({ ...entry, openingBalance: balance })
    if (isWalletAddressError(result)) {
      throw new SeedError(file, [
        `walletAddresses[${index}] (${entry.name}): ${describeWalletAddressError(result)}`,
      ])
    }
    seeded.push(result)
  }
  return seeded
}
