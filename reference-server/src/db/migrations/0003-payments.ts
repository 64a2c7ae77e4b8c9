import type { Knex } from 'knex'

const UINT64_MAX = '18446744073709551615'

// Resources keep the creating client (its wallet address URL) so `read`/`list` without `-all` can be scoped
// to it. Times are timestamptz; amounts numeric(20,0), as in 0001.
export async function up(knex: Knex): Promise<void> {
  const amount = (table: Knex.CreateTableBuilder, column: string, name: string) => {
    table.decimal(column, 20, 0).notNullable()
    table.check(`${column} between 0 and ${UINT64_MAX}`, [], `${name}_${column}_range`)
  }

  await knex.schema.createTable('incoming_payments', (table) => {
    table.uuid('id').primary()
    table.uuid('wallet_address_id').notNullable().references('wallet_addresses.id').onDelete('RESTRICT')
    table.text('client')
    table.decimal('incoming_amount', 20, 0)
    table.check(`incoming_amount between 1 and ${UINT64_MAX}`, [], 'incoming_payments_incoming_amount_range')
    amount(table, 'received_amount', 'incoming_payments')
    table.boolean('completed').notNullable().defaultTo(false)
    table.timestamp('expires_at', { useTz: true })
    table.jsonb('metadata')
    table.text('shared_secret').notNullable()
    table.timestamp('created_at', { useTz: true }).notNullable()
    table.index(['wallet_address_id', 'created_at', 'id'])
  })

  await knex.schema.createTable('quotes', (table) => {
    table.uuid('id').primary()
    table.uuid('wallet_address_id').notNullable().references('wallet_addresses.id').onDelete('RESTRICT')
    table.text('client')
    table.uuid('incoming_payment_id').notNullable().references('incoming_payments.id').onDelete('RESTRICT')
    amount(table, 'debit_amount', 'quotes')
    amount(table, 'receive_amount', 'quotes')
    table.text('receive_asset_code').notNullable()
    table.smallint('receive_asset_scale').notNullable()
    table.text('method').notNullable()
    table.timestamp('expires_at', { useTz: true }).notNullable()
    table.timestamp('created_at', { useTz: true }).notNullable()
  })

  // One row per grant that has created an outgoing payment: the lock that serialises limit checks.
  await knex.schema.createTable('outgoing_payment_grants', (table) => {
    table.text('id').primary()
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })

  await knex.schema.createTable('outgoing_payments', (table) => {
    table.uuid('id').primary()
    table.uuid('wallet_address_id').notNullable().references('wallet_addresses.id').onDelete('RESTRICT')
    table.text('client')
    table.text('grant_id').references('outgoing_payment_grants.id').onDelete('RESTRICT')
    // Unique: a quote pays for one outgoing payment only.
    table.uuid('quote_id').unique().references('quotes.id').onDelete('RESTRICT')
    table.uuid('incoming_payment_id').notNullable().references('incoming_payments.id').onDelete('RESTRICT')
    amount(table, 'debit_amount', 'outgoing_payments')
    table.text('debit_asset_code').notNullable()
    table.smallint('debit_asset_scale').notNullable()
    amount(table, 'receive_amount', 'outgoing_payments')
    table.text('receive_asset_code').notNullable()
    table.smallint('receive_asset_scale').notNullable()
    amount(table, 'sent_amount', 'outgoing_payments')
    table.text('state').notNullable().defaultTo('sending')
    table.check(`state in ('sending', 'completed', 'failed')`, [], 'outgoing_payments_state')
    table.jsonb('metadata')
    table.timestamp('created_at', { useTz: true }).notNullable()
    table.index(['wallet_address_id', 'created_at', 'id'])
    table.index(['grant_id', 'created_at'])
    table.index(['state', 'created_at'])
  })

  await knex.schema.alterTable('ledger_movements', (table) => {
    table.uuid('outgoing_payment_id').references('outgoing_payments.id').onDelete('RESTRICT')
  })

  // Cross-asset payments go through the server's exchange: the sender's asset flows in, the receiver's flows
  // out. These rows keep every asset balanced (wallet balances + exchange net = seeded).
  await knex.schema.createTable('ledger_exchange_movements', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'))
    table.text('asset_code').notNullable()
    table.smallint('asset_scale').notNullable()
    table.decimal('amount', 20, 0).notNullable()
    table.check(`amount between 1 and ${UINT64_MAX}`, [], 'ledger_exchange_movements_amount_range')
    table.text('direction').notNullable()
    table.check(`direction in ('in', 'out')`, [], 'ledger_exchange_movements_direction')
    table.uuid('outgoing_payment_id').notNullable().references('outgoing_payments.id').onDelete('RESTRICT')
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ledger_exchange_movements')
  await knex.schema.alterTable('ledger_movements', (table) => {
    table.dropColumn('outgoing_payment_id')
  })
  await knex.schema.dropTable('outgoing_payments')
  await knex.schema.dropTable('outgoing_payment_grants')
  await knex.schema.dropTable('quotes')
  await knex.schema.dropTable('incoming_payments')
}
