import type { Knex } from 'knex'

// The most each total may reach, written with every payment that adds to it: the grant's limit for that side and
// asset, or 2^64-1. The database refuses a payment that would take a total past it, so a payment the limits allow
// commits in one statement, with no transaction held open across round trips while the totals stay locked. Null
// when the payment was checked in a transaction instead (see reserve in outgoing-payments/reservation.ts).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outgoing_payment_grant_spent', (table) => {
    table.specificType('cap', 'numeric')
    table.check('total <= cap', [], 'outgoing_payment_grant_spent_within_cap')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('outgoing_payment_grant_spent', (table) => {
    table.dropChecks('outgoing_payment_grant_spent_within_cap')
    table.dropColumn('cap')
  })
}
