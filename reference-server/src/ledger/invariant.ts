import type { Database } from '../db/database.ts'

export interface AssetTotals {
  assetCode: string
  assetScale: number
  /** Opening balances credited by the seed. */
  seeded: bigint
  /** Sum of the wallet addresses' balances. */
  held: bigint
  /** What the exchange took in minus what it paid out in this asset (cross-asset payments only). */
  exchangeNet: bigint
}

export interface LedgerCheck {
  /** True when no money was created or lost, and every cached balance equals its movements. */
  balanced: boolean
  assets: AssetTotals[]
  /** Names of wallet addresses whose cached balance differs from the sum of their movements. */
  walletsOutOfStep: string[]
  /** Grants whose kept spent totals differ from the sum of their payments that have not failed. */
  grantsOutOfStep: string[]
}

interface AssetRow {
  asset_code: string
  asset_scale: number
  total: string
}

/** Per asset: held + exchangeNet == seeded. With same-asset payments only, that is held == seeded. */
export async function checkLedger(db: Database): Promise<LedgerCheck> {
  const held = await db('wallet_addresses')
    .groupBy('asset_code', 'asset_scale')
    .select<AssetRow[]>('asset_code', 'asset_scale', db.raw('sum(balance)::text as total'))
  const seeded = await db('ledger_movements as m')
    .join('wallet_addresses as w', 'w.id', 'm.wallet_address_id')
    .where('m.kind', 'seed')
    .groupBy('w.asset_code', 'w.asset_scale')
    .select<AssetRow[]>('w.asset_code', 'w.asset_scale', db.raw('sum(m.amount)::text as total'))
  const exchanged = await db('ledger_exchange_movements')
    .groupBy('asset_code', 'asset_scale')
    .select<AssetRow[]>(
      'asset_code',
      'asset_scale',
      db.raw(`sum(case when direction = 'in' then amount else -amount end)::text as total`),
    )
  const outOfStep = await db('wallet_addresses as w')
    .leftJoin('ledger_movements as m', 'm.wallet_address_id', 'w.id')
    .groupBy('w.id', 'w.name', 'w.balance')
    .havingRaw(
      `w.balance <> coalesce(sum(case when m.kind = 'outgoing-payment' then -m.amount else m.amount end), 0)`,
    )
    .select<{ name: string }[]>('w.name')

  const grantsOutOfStep = await grantTotalsOutOfStep(db)

  const key = (row: AssetRow) => `${row.asset_code}/${row.asset_scale}`
  const totals = new Map<string, AssetTotals>()
  const totalsOf = (row: AssetRow): AssetTotals => {
    let entry = totals.get(key(row))
    if (entry === undefined) {
      entry = {
        assetCode: row.asset_code,
        assetScale: row.asset_scale,
        seeded: 0n,
        held: 0n,
        exchangeNet: 0n,
      }
      totals.set(key(row), entry)
    }
    return entry
  }
  for (const row of held) totalsOf(row).held = BigInt(row.total)
  for (const row of seeded) totalsOf(row).seeded = BigInt(row.total)
  for (const row of exchanged) totalsOf(row).exchangeNet = BigInt(row.total)

  // Group-by order is up to the planner: sorted, the report reads the same on every run and driver.
  const assets = [...totals.values()].sort(
    (a, b) => a.assetCode.localeCompare(b.assetCode) || a.assetScale - b.assetScale,
  )
  const walletsOutOfStep = outOfStep.map((row) => row.name)
  return {
    balanced:
      walletsOutOfStep.length === 0 &&
      grantsOutOfStep.length === 0 &&
      assets.every((asset) => asset.held + asset.exchangeNet === asset.seeded),
    assets,
    walletsOutOfStep,
    grantsOutOfStep,
  }
}

/** The totals a limit check reads (outgoing_payment_grant_spent) against the payments they stand for. */
async function grantTotalsOutOfStep(db: Database): Promise<string[]> {
  const { rows } = (await db.raw(`
    with payments as (
      select grant_id, spending_window, 'debit' as side, debit_asset_code as asset_code,
             debit_asset_scale as asset_scale, sum(debit_amount) as total
        from outgoing_payments where grant_id is not null and state <> 'failed' group by 1, 2, 4, 5
      union all
      select grant_id, spending_window, 'receive', receive_asset_code, receive_asset_scale, sum(receive_amount)
        from outgoing_payments where grant_id is not null and state <> 'failed' group by 1, 2, 4, 5
    )
    select distinct grant_id from outgoing_payment_grant_spent as kept
      full join payments using (grant_id, spending_window, side, asset_code, asset_scale)
     where coalesce(kept.total, 0) <> coalesce(payments.total, 0)
     order by grant_id`)) as { rows: { grant_id: string }[] }
  return rows.map((row) => row.grant_id)
}
