import { PGlite, types } from '@electric-sql/pglite'
import knex, { type Knex } from 'knex'
import ClientPgLite from 'knex-pglite'
import type { Config } from '../config.ts'
import type { Logger } from '../logger.ts'
import { freshClusterDump } from './fresh-cluster.ts'
import { migrationSource } from './migrations/index.ts'
import { PreparingPgClient } from './prepared-statements.ts'

export type Database = Knex

/** In-memory databases made here: new and empty, or as fresh from the migrated dump, so never reset. */
const inMemory = new WeakSet<Database>()

/** Postgres when DATABASE_URL is set, otherwise embedded PGlite (in memory, or in PGLITE_DATA_DIR). */
export function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDataDir'>,
  logger: Logger,
): Database {
  // knex otherwise writes its warnings (failed connections, for one) straight to the console.
  const log: Knex.Logger = {
    warn: (message) => logger.warn({ knex: message }, 'database warning'),
    error: (message) => logger.error({ knex: message }, 'database error'),
    deprecate: (method, alternative) => logger.warn({ method, alternative }, 'deprecated knex call'),
    debug: (message) => logger.debug({ knex: message }, 'database debug'),
  }
  if (config.databaseUrl !== undefined) {
    return knex({ client: PreparingPgClient, connection: config.databaseUrl, log })
  }
  // pg returns bigint (count(*), for one) as a string and PGlite as a JS number; the parser makes PGlite
  // agree with pg, so queries behave the same on both drivers and never lose precision.
  const pglite = new PGlite({
    dataDir: config.pgliteDataDir,
    // In memory, start from the dump of a fresh cluster instead of running initdb (see fresh-cluster.ts).
    loadDataDir: config.pgliteDataDir === undefined ? freshClusterDump() : undefined,
    parsers: { [types.INT8]: (value: string) => value },
    // Nothing analyzes an embedded database, so the planner guesses every selectivity; with the default
    // random_page_cost it then sorts all of a wallet address's payments for a list page rather than walk
    // the index and stop. Its pages are in memory, where random reads cost what sequential ones do.
    startParams: [...PGlite.defaultStartParams, '-c', 'random_page_cost=1'],
  })
  const db = knex({
    client: ClientPgLite,
    dialect: 'postgres',
    log,
    // knex-pglite's documented way to pass an instance; knex may call the provider again, hence the closure.
    connection: () => ({ pglite }) as Knex.StaticConnectionConfig,
  })
  if (config.pgliteDataDir === undefined) inMemory.add(db)
  return db
}

export async function migrateDatabase(db: Database, options: { reset: boolean }): Promise<void> {
  // Dropping an in-memory database's schema would only throw away the migrations its dump already holds.
  if (options.reset && !inMemory.has(db)) await dropCurrentSchema(db)
  await db.migrate.latest({ migrationSource })
}

// Recreating the schema (rather than rolling migrations back) also clears tables left by older or edited
// migrations. It is the connection's current schema, so a search_path in DATABASE_URL isolates test runs.
async function dropCurrentSchema(db: Database): Promise<void> {
  const result = await db.raw<{ rows: { schema: string | null }[] }>('select current_schema() as schema')
  const schema = result.rows[0]?.schema
  if (!schema) {
    throw new Error('DATABASE_RESET: the connection has no current schema (does its search_path exist?)')
  }
  await db.raw('drop schema ?? cascade', [schema])
  await db.raw('create schema ??', [schema])
}
