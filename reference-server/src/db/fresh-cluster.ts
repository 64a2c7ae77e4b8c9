import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { Logger } from '../logger.ts'

// An in-memory PGlite starts by running initdb, about 4 s of WebAssembly on a 2-core machine; loading the dump of
// a freshly initialised cluster takes under 1 s. The dump depends only on the PGlite build, so it is made once per
// installed version and kept beside it in node_modules/.cache (npm ci starts afresh): every later start (each
// suite run, each mutant, each unit test's server) loads it instead.
const pglitePackage = join(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '..')
const { version } = JSON.parse(readFileSync(join(pglitePackage, 'package.json'), 'utf8')) as {
  version: string
}
const DUMP_FILE = join(
  pglitePackage,
  '..',
  '..',
  '.cache',
  'op-reference-server',
  `pglite-${version}-initdb.tar`,
)

/** The dump of a fresh cluster, when this installation has one. */
export function freshClusterDump(): Blob | undefined {
  return existsSync(DUMP_FILE) ? new Blob([readFileSync(DUMP_FILE)]) : undefined
}

/**
 * Makes the dump if this installation has none. Best effort: a start that cannot keep it only loses time. Written
 * under a name of its own and renamed, so processes starting at once never read a partial file.
 */
export async function keepFreshClusterDump(logger: Logger): Promise<void> {
  if (existsSync(DUMP_FILE)) return
  const partial = `${DUMP_FILE}.${process.pid}`
  try {
    const pglite = new PGlite()
    await pglite.waitReady
    const dump = await pglite.dumpDataDir('none')
    await pglite.close()
    mkdirSync(dirname(DUMP_FILE), { recursive: true })
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, DUMP_FILE)
  } catch (err) {
    rmSync(partial, { force: true })
    logger.warn({ err, file: DUMP_FILE }, 'could not keep the embedded database dump; each start runs initdb')
  }
}
