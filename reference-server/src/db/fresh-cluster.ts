import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import knex, { type Knex } from 'knex'
import ClientPgLite from 'knex-pglite'
import type { Logger } from '../logger.ts'
import { migrationSource } from './migrations/index.ts'

// An in-memory PGlite starts by running initdb, about 4 s of WebAssembly on a 2-core machine; loading the dump of
// a freshly initialised cluster takes under 1 s. Running the migrations on it takes 1-2 s more, at every start
// (each suite run, each mutant, each unit test's server or database): the dump after them replaces both. The
// first dump depends only on the PGlite build, the second also on the migrations' source, so each is made once
// per installed version and migration set and kept beside PGlite in node_modules/.cache (npm ci starts afresh).
const pglitePackage = join(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '..')
const { version } = JSON.parse(readFileSync(join(pglitePackage, 'package.json'), 'utf8')) as {
  version: string
}
const CACHE_DIR = join(pglitePackage, '..', '..', '.cache', 'op-reference-server')
const INITDB_DUMP = join(CACHE_DIR, `pglite-${version}-initdb.tar`)
const MIGRATED_DUMP = join(CACHE_DIR, `pglite-${version}-migrated-${migrationsDigest()}.tar`)

/**
 * The dump of a fresh cluster, when this installation has one: with the migrations applied when it has that one
 * (the state `migrate.latest` leaves on a fresh cluster, so migrating it again finds nothing to do).
 */
export function freshClusterDump(): Blob | undefined {
  const file = [MIGRATED_DUMP, INITDB_DUMP].find((path) => existsSync(path))
  return file === undefined ? undefined : new Blob([readFileSync(file)])
}

/** Makes the dumps this installation lacks. Best effort: a start that cannot keep them only loses time. */
export async function keepFreshClusterDump(logger: Logger): Promise<void> {
  await keepDump(INITDB_DUMP, logger, async () => {
    const pglite = new PGlite()
    try {
      // dumpDataDir does not wait for the cluster: called before it is ready, it never settles.
      await pglite.waitReady
      return await pglite.dumpDataDir('none')
    } finally {
      await pglite.close()
    }
  })
  await keepDump(MIGRATED_DUMP, logger, async () => {
    const pglite = new PGlite({ loadDataDir: freshClusterDump() })
    const db = knex({
      client: ClientPgLite,
      dialect: 'postgres',
      connection: () => ({ pglite }) as Knex.StaticConnectionConfig,
    })
    try {
      await pglite.waitReady
      await db.migrate.latest({ migrationSource })
      return await pglite.dumpDataDir('none')
    } finally {
      await db.destroy()
      if (!pglite.closed) await pglite.close()
    }
  })
}

/** Written under a name of its own and renamed, so processes starting at once never read a partial file. */
async function keepDump(file: string, logger: Logger, make: () => Promise<Blob | File>): Promise<void> {
  if (existsSync(file)) return
  const partial = `${file}.${process.pid}`
  try {
    const dump = await make()
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
  } catch (err) {
    rmSync(partial, { force: true })
    logger.warn(
      { err, file },
      'could not keep the embedded database dump; each start runs initdb or migrations',
    )
  }
}

/** The migrations' source files: a dump made by other migrations is never loaded. */
function migrationsDigest(): string {
  const dir = fileURLToPath(new URL('./migrations/', import.meta.url))
  const hash = createHash('sha256')
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(join(dir, name)))
  return hash.digest('hex').slice(0, 16)
}
