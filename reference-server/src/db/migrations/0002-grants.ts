import type { Knex } from 'knex'

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('grants', (table) => {
    table.uuid('id').primary()
    // The client's wallet address URL: its JWKS authenticates every later request of this grant.
    table.text('client').notNullable()
    table.jsonb('access').notNullable()
    table.text('state').notNullable()
    // Kept in clear: every continuation response repeats it (GNAP lets the client keep using it).
    table.text('continue_token').notNullable().unique()
    // Continuing before this time is "too_fast"; null when the grant was issued at once.
    table.timestamp('continue_after', { useTz: true })
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    table.check("state in ('pending', 'approved', 'rejected', 'issued', 'revoked')", [], 'grants_state_known')
  })

  await knex.schema.createTable('interactions', (table) => {
    // Random and unguessable: it is the only secret in the consent page URL.
    table.text('id').primary()
    table.uuid('grant_id').notNullable().unique().references('grants.id').onDelete('CASCADE')
    table.text('server_nonce').notNullable()
    table.text('client_nonce').notNullable()
    table.text('finish_uri').notNullable()
    table.text('client_name')
    // Generated when the resource owner accepts; the client proves the interaction finished with it.
    table.text('interact_ref').unique()
    table.timestamp('expires_at', { useTz: true }).notNullable()
    table.timestamp('decided_at', { useTz: true })
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })

  await knex.schema.createTable('access_tokens', (table) => {
    // Also the management id in the manage URL, so the URL never contains the token value.
    table.uuid('id').primary()
    table.uuid('grant_id').notNullable().references('grants.id').onDelete('CASCADE')
    // SHA-256 of the value: the value is shown once, at issue or rotation, and never stored.
    table.text('value_hash').notNullable().unique()
    table.timestamp('expires_at', { useTz: true }).notNullable()
    table.timestamp('revoked_at', { useTz: true })
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    table.index(['grant_id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('access_tokens')
  await knex.schema.dropTable('interactions')
  await knex.schema.dropTable('grants')
}
