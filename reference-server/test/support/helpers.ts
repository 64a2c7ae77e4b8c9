import path from 'node:path'
import pg from 'pg'
import { type Config, loadConfig } from '../../src/config.ts'

export const repoRoot = path.resolve(import.meta.dirname, '../../..')

export function fixture(name: string): string {
  return path.join(import.meta.dirname, 'fixtures', name)
}

/**
 * A config for tests: ephemeral ports (both: the default auth port, 3401, is any running reference server's),
 * silent logs (TEST_LOG_LEVEL to see them), the fixture seed, plus `env` on top.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig(
    {
      PORT: '0',
      AUTH_PORT: '0',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SEED_FILE: fixture('seed.json'),
      ...env,
    },
    repoRoot,
  )
}

export interface DatabaseVariant {
  name: string
  /** Creates what the variant needs and returns the environment that selects it. */
  setUp(): Promise<Record<string, string>>
  tearDown(): Promise<void>
}

/**
 * The embedded database always; Postgres too when DATABASE_URL is set. TEST_DATABASES (a comma-separated list
 * of those names) narrows them: CI's Postgres step runs after the embedded one and need not run it again. Test
 * files run in parallel processes, so each gets its own schema (through search_path) and resets only that one.
 */
export function databaseVariants(testFile: string): DatabaseVariant[] {
  const only = process.env.TEST_DATABASES?.split(',').map((name) => name.trim())
  return allDatabaseVariants(testFile).filter((variant) => !only || only.includes(variant.name))
}

function allDatabaseVariants(testFile: string): DatabaseVariant[] {
  const variants: DatabaseVariant[] = [{ name: 'pglite', setUp: async () => ({}), tearDown: async () => {} }]
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    const schema = `reference_server_${testFile.replace(/\W/g, '_')}_${process.pid}`
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        await client.query(sql)
      } finally {
        await client.end()
      }
    }
    variants.push({
      name: 'postgres',
      setUp: async () => {
        await admin(`create schema if not exists "${schema}"`)
        const url = new URL(databaseUrl)
        url.searchParams.set('options', `-c search_path=${schema}`)
        return { DATABASE_URL: url.toString(), DATABASE_RESET: 'true' }
      },
      tearDown: () => admin(`drop schema if exists "${schema}" cascade`),
    })
  }
  return variants
}

export async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ response: Response; body: unknown }> {
  const response = await fetch(url, init)
  return { response, body: await response.json() }
}

/**
 * `promise`, or a failure naming `what` once `ms` pass: a step of a test's set-up or tear-down that never
 * finishes (a server that does not close, a lock never released) fails there instead of holding the file open.
 */
export async function withDeadline<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms)
  })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}
