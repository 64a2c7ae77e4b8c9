import type { Knex } from 'knex'
import type { Database } from '../db/database.ts'
import type { TimeSpan } from '../grants/interval.ts'
import type { Asset } from '../shared/amount.ts'

/**
 * Creates the grant's row if needed and locks it, in one statement: an upsert that updates locks the row
 * it inserts or finds until the transaction ends, so limit checks of one grant run one at a time.
 */
export async function lockGrant(db: Database, grantId: string): Promise<void> {
  await db('outgoing_payment_grants').insert({ id: grantId }).onConflict('id').merge(['id'])
}

export interface SpentQuery {
  grantId: string
  /** Undefined counts every payment of the grant. */
  window: TimeSpan | undefined
  debitAsset: Asset
  receiveAsset: Asset
}

/**
 * What the grant's payments reserved in the window: every payment that has not failed counts, so a payment
 * reserves its amounts at creation and releases them if it fails. Totals are per asset. `alongside` is a
 * statement sent in the same round trip (a payment's insert, say), whose rows the totals do not see.
 */
export async function spentAmounts(
  db: Database,
  query: SpentQuery,
  alongside?: Knex.QueryBuilder,
): Promise<{ debit: bigint; receive: bigint }> {
  const payments = grantPayments(db, query.grantId, query.window)
  if (alongside !== undefined) payments.with('alongside', alongside)
  const row = await payments.first<{ debit: string; receive: string }>(
    db.raw(
      `coalesce(sum(debit_amount) filter (where debit_asset_code = ? and debit_asset_scale = ?), 0)::text as debit`,
      [query.debitAsset.assetCode, query.debitAsset.assetScale],
    ),
    db.raw(
      `coalesce(sum(receive_amount) filter (where receive_asset_code = ? and receive_asset_scale = ?), 0)::text as receive`,
      [query.receiveAsset.assetCode, query.receiveAsset.assetScale],
    ),
  )
  return { debit: BigInt(row?.debit ?? '0'), receive: BigInt(row?.receive ?? '0') }
}

/** The assets of the grant's latest payment in the window, or undefined when it has none. */
export async function latestPaymentAssets(
  db: Database,
  grantId: string,
  window: TimeSpan | undefined,
): Promise<{ debitAsset: Asset; receiveAsset: Asset } | undefined> {
  const row = await grantPayments(db, grantId, window)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first<
      | {
          debit_asset_code: string
          debit_asset_scale: number
          receive_asset_code: string
          receive_asset_scale: number
        }
      | undefined
    >('debit_asset_code', 'debit_asset_scale', 'receive_asset_code', 'receive_asset_scale')
  if (row === undefined) return undefined
  return {
    debitAsset: { assetCode: row.debit_asset_code, assetScale: row.debit_asset_scale },
    receiveAsset: { assetCode: row.receive_asset_code, assetScale: row.receive_asset_scale },
  }
}

function grantPayments(db: Database, grantId: string, window: TimeSpan | undefined) {
  const query = db('outgoing_payments').where({ grant_id: grantId }).whereNot({ state: 'failed' })
  if (window !== undefined) query.where('created_at', '>=', window.start).where('created_at', '<', window.end)
  return query
}
