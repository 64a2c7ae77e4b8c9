import type { Knex } from 'knex'
import { currentInterval } from '../../grants/interval.ts'
import { spendingWindowKey } from '../../outgoing-payment-grants/spending-window-key.ts'

// What each grant's payments have reserved, per spending window, side and asset, kept up to date as payments are
// created and fail. A limit check used to sum every payment of the grant, a cost that grew with each payment.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outgoing_payment_grant_spent', (table) => {
    table.text('grant_id').notNullable().references('outgoing_payment_grants.id').onDelete('RESTRICT')
    // spendingWindowKey: the start of the payment's interval, or '' for a grant without an interval.
    table.text('spending_window').notNullable()
    table.text('side').notNullable()
    table.text('asset_code').notNullable()
    table.smallint('asset_scale').notNullable()
    // Unbounded: the limit check refuses totals past 2^64-1, but a total is written before it is checked.
    table.specificType('total', 'numeric').notNullable()
    table.primary(['grant_id', 'spending_window', 'side', 'asset_code', 'asset_scale'])
    table.check(`side in ('debit', 'receive')`, [], 'outgoing_payment_grant_spent_side')
    table.check('total >= 0', [], 'outgoing_payment_grant_spent_total')
  })
  await knex.schema.alterTable('outgoing_payments', (table) => {
    // The window whose totals the payment counts in, so that a failure releases it there.
    table.text('spending_window')
  })
  await backfill(knex)
}

/** A database that already holds payments: each gets the window its grant's limits give it, then the totals. */
async function backfill(knex: Knex): Promise<void> {
  const rows = await knex('outgoing_payments as op')
    .join('wallet_addresses as w', 'w.id', 'op.wallet_address_id')
    .joinRaw('left join grants as g on g.id::text = op.grant_id')
    .whereNotNull('op.grant_id')
    .select<{ id: string; created_at: Date; name: string; access: AccessEntry[] | null }[]>(
      'op.id',
      'op.created_at',
      'w.name',
      'g.access',
    )
  for (const row of rows) {
    // A grant the grants table does not hold (none in this server) has no interval the backfill could know.
    const entry = row.access?.find(
      (e) =>
        e.type === 'outgoing-payment' &&
        (e.identifier === undefined || e.identifier.endsWith(`/${row.name}`)),
    )
    const interval = entry?.limits?.interval
    const window = interval === undefined ? undefined : currentInterval(interval, row.created_at)
    await knex('outgoing_payments')
      .where({ id: row.id })
      .update({ spending_window: spendingWindowKey(window) })
  }
  await knex.raw(`
    insert into outgoing_payment_grant_spent (grant_id, spending_window, side, asset_code, asset_scale, total)
    select grant_id, spending_window, 'debit', debit_asset_code, debit_asset_scale, sum(debit_amount)
      from outgoing_payments where spending_window is not null and state <> 'failed' group by 1, 2, 4, 5
    union all
    select grant_id, spending_window, 'receive', receive_asset_code, receive_asset_scale, sum(receive_amount)
      from outgoing_payments where spending_window is not null and state <> 'failed' group by 1, 2, 4, 5`)
}

interface AccessEntry {
  type: string
  identifier?: string
  limits?: { interval?: string }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outgoing_payments', (table) => {
    table.dropColumn('spending_window')
  })
  await knex.schema.dropTable('outgoing_payment_grant_spent')
}
