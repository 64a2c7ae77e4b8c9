import type { Knex } from 'knex'

// Amounts are numeric(20,0): wide enough for any unsigned 64-bit value, and both drivers return them as
// strings, so they never pass through JS numbers.
const UINT64_MAX = '18446744073709551615'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('wallet_addresses', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'))
    table.text('name').notNullable().unique()
    table.text('public_name')
    table.text('asset_code').notNullable()
    table.smallint('asset_scale').notNullable()
    // A cache of the sum of the ledger movements, updated in the same transaction as each movement.
    table.decimal('balance', 20, 0).notNullable().defaultTo(0)
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    table.check('asset_scale between 0 and 255', [], 'wallet_addresses_asset_scale_range')
    table.check(`balance between 0 and ${UINT64_MAX}`, [], 'wallet_addresses_balance_range')
  })

  await knex.schema.createTable('wallet_address_keys', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'))
    table.uuid('wallet_address_id').notNullable().references('wallet_addresses.id').onDelete('CASCADE')
    table.text('kid').notNullable()
    table.jsonb('jwk').notNullable()
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    table.unique(['wallet_address_id', 'kid'])
  })

  await knex.schema.createTable('ledger_movements', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'))
    // No cascade: money history must not disappear with the address.
    table.uuid('wallet_address_id').notNullable().references('wallet_addresses.id').onDelete('RESTRICT')
    table.decimal('amount', 20, 0).notNullable()
    // What moved the money; the kind also fixes the direction, so amounts stay unsigned.
    table.text('kind').notNullable()
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    table.index(['wallet_address_id'])
    table.check(`amount between 1 and ${UINT64_MAX}`, [], 'ledger_movements_amount_range')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ledger_movements')
  await knex.schema.dropTable('wallet_address_keys')
  await knex.schema.dropTable('wallet_addresses')
}
