import type { Knex } from 'knex'
import type { Database } from '../db/database.ts'
import { violatedConstraint } from '../db/violated-constraint.ts'
import type { TimeSpan } from '../grants/interval.ts'
import type { Amount, Asset } from '../shared/amount.ts'
import type { SpentCaps } from './limits.ts'

export interface Reservation {
  grantId: string
  /** spendingWindowKey of the payment's window. */
  window: string
  debitAmount: Amount
  receiveAmount: Amount
}

/**
 * Adds a payment's amounts to its grant's totals and returns the totals before it, with `alongside` (the payment's
 * insert) in the same statement. The grant's row is created with its first payment: the payments and the totals
 * refer to it. The totals' rows stay locked until the transaction ends (the statement's own, outside one), so the
 * payments of one grant reserve one at a time. With `caps`, the database refuses the statement whole
 * (isCapExceeded) when a total would pass its cap, so it needs no transaction of its own; without, the caller
 * checks the totals and rolls its transaction back.
 */
export async function reserveSpent(
  db: Database,
  reservation: Reservation,
  alongside: Knex.QueryBuilder,
  caps: SpentCaps | undefined,
): Promise<{ debit: bigint; receive: bigint }> {
  const { grantId, window, debitAmount, receiveAmount } = reservation
  const grant = db('outgoing_payment_grants').insert({ id: grantId }).onConflict('id').ignore()
  const row = (side: 'debit' | 'receive', amount: Amount) => ({
    grant_id: grantId,
    spending_window: window,
    side,
    asset_code: amount.assetCode,
    asset_scale: amount.assetScale,
    total: amount.value.toString(),
    cap: caps?.[side].toString() ?? null,
  })
  const totals = db('outgoing_payment_grant_spent')
    .insert([row('debit', debitAmount), row('receive', receiveAmount)])
    .onConflict(['grant_id', 'spending_window', 'side', 'asset_code', 'asset_scale'])
    .merge({
      total: db.raw('outgoing_payment_grant_spent.total + excluded.total'),
      cap: db.raw('excluded.cap'),
    })
    .returning(['side', db.raw('total::text as total')])
  const rows = await db
    .with('grant_row', grant)
    .with('alongside', alongside)
    .with('totals', totals)
    .select<{ side: string; total: string }[]>('side', 'total')
    .from('totals')
  const after = (side: string) => BigInt(rows.find((r) => r.side === side)?.total ?? '0')
  return { debit: after('debit') - debitAmount.value, receive: after('receive') - receiveAmount.value }
}

/** Whether a database error is a reservation refused because a total would pass its cap. */
export function isCapExceeded(error: unknown): boolean {
  return violatedConstraint(error) === 'outgoing_payment_grant_spent_within_cap'
}

/**
 * Takes failed payments' amounts off their grants' totals, one row at a time in the order creation locks them (a
 * grant's debit rows before its receive rows), so that the engine and a payment being created cannot deadlock.
 */
export async function releaseSpent(db: Database, released: readonly Reservation[]): Promise<void> {
  const rows = new Map<string, { where: Record<string, string | number>; amount: bigint }>()
  for (const { grantId, window, debitAmount, receiveAmount } of released) {
    for (const [side, amount] of [
      ['debit', debitAmount],
      ['receive', receiveAmount],
    ] as const) {
      const where = {
        grant_id: grantId,
        spending_window: window,
        side,
        asset_code: amount.assetCode,
        asset_scale: amount.assetScale,
      }
      const key = JSON.stringify(Object.values(where))
      rows.set(key, { where, amount: (rows.get(key)?.amount ?? 0n) + amount.value })
    }
  }
  for (const key of [...rows.keys()].sort()) {
    const { where, amount } = rows.get(key)!
    await db('outgoing_payment_grant_spent')
      .where(where)
      .update({ total: db.raw('total - ?::numeric', [amount.toString()]) })
  }
}

/** The grant's totals in a window, in the given assets (0 where nothing was spent). */
export async function spentTotals(
  db: Database,
  query: { grantId: string; window: string; debitAsset: Asset; receiveAsset: Asset },
): Promise<{ debit: bigint; receive: bigint }> {
  const side = (name: 'debit' | 'receive', asset: Asset) => ({
    side: name,
    asset_code: asset.assetCode,
    asset_scale: asset.assetScale,
  })
  const rows = await db('outgoing_payment_grant_spent')
    .where({ grant_id: query.grantId, spending_window: query.window })
    .where((q) => q.where(side('debit', query.debitAsset)).orWhere(side('receive', query.receiveAsset)))
    .groupBy('side')
    .select<{ side: string; total: string }[]>('side', db.raw('sum(total)::text as total'))
  const total = (name: string) => BigInt(rows.find((row) => row.side === name)?.total ?? '0')
  return { debit: total('debit'), receive: total('receive') }
}

/** The assets of the grant's latest payment in the window, or undefined when it has none. */
export async function latestPaymentAssets(
  db: Database,
  grantId: string,
  window: TimeSpan | undefined,
): Promise<{ debitAsset: Asset; receiveAsset: Asset } | undefined> {
  const query = db('outgoing_payments').where({ grant_id: grantId }).whereNot({ state: 'failed' })
  if (window !== undefined) query.where('created_at', '>=', window.start).where('created_at', '<', window.end)
  const row = await query
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
