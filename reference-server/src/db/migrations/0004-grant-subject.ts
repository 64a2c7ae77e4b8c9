import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('grants', (table) => {
    // The subject identifiers the client asked to have confirmed (RFC 9635 section 2.2); null when it asked none.
    table.jsonb('subject')
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('grants', (table) => {
    table.dropColumn('subject')
  })
}
