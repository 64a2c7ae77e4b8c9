import type { JWK } from '@interledger/open-payments'
import type { Database } from '../db/database.ts'
import type { WalletAddress } from './model.ts'

interface WalletAddressRow {
  id: string
  name: string
  public_name: string | null
  asset_code: string
  asset_scale: number
  balance: string
  created_at: Date
}

export interface NewWalletAddress {
  name: string
  publicName: string | undefined
  assetCode: string
  assetScale: number
}

function toWalletAddress(row: WalletAddressRow): WalletAddress {
  return {
    id: row.id,
    name: row.name,
    publicName: row.public_name ?? undefined,
    assetCode: row.asset_code,
    assetScale: row.asset_scale,
    balance: BigInt(row.balance),
    createdAt: row.created_at,
  }
}

export async function findWalletAddressByName(
  db: Database,
  name: string,
  options: { forUpdate?: boolean } = {},
): Promise<WalletAddress | undefined> {
  const query = db<WalletAddressRow>('wallet_addresses').where({ name }).first()
  const row = await (options.forUpdate ? query.forUpdate() : query)
  return row === undefined ? undefined : toWalletAddress(row)
}

/** Inserts the address unless its name is taken; undefined tells the caller it already existed. */
export async function insertWalletAddressIfAbsent(
  db: Database,
  input: NewWalletAddress,
): Promise<WalletAddress | undefined> {
  const [row] = await db<WalletAddressRow>('wallet_addresses')
    .insert({
      name: input.name,
      public_name: input.publicName ?? null,
      asset_code: input.assetCode,
      asset_scale: input.assetScale,
    })
    .onConflict('name')
    .ignore()
    .returning('*')
  return row === undefined ? undefined : toWalletAddress(row)
}

export async function updateWalletAddressPublicName(
  db: Database,
  id: string,
  publicName: string | undefined,
): Promise<void> {
  await db('wallet_addresses')
    .where({ id })
    .update({ public_name: publicName ?? null })
}

export async function findWalletAddressKeys(db: Database, walletAddressId: string): Promise<JWK[]> {
  const rows = await db('wallet_address_keys')
    .where({ wallet_address_id: walletAddressId })
    .orderBy([{ column: 'created_at' }, { column: 'kid' }])
    .select<{ jwk: JWK }[]>('jwk')
  return rows.map((row) => row.jwk)
}

/** Makes `keys` the address's whole key set: keys are matched by kid, missing ones are removed. */
export async function replaceWalletAddressKeys(
  db: Database,
  walletAddressId: string,
  keys: JWK[],
): Promise<void> {
  await db('wallet_address_keys')
    .where({ wallet_address_id: walletAddressId })
    .whereNotIn(
      'kid',
      keys.map((key) => key.kid),
    )
    .delete()
  if (keys.length === 0) return
  await db('wallet_address_keys')
    .insert(
      keys.map((key) => ({ wallet_address_id: walletAddressId, kid: key.kid, jwk: JSON.stringify(key) })),
    )
    .onConflict(['wallet_address_id', 'kid'])
    .merge(['jwk'])
}
