import { generateKeyPairSync, sign, verify } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/** What any server on this machine pays at least: the figures the reference server is compared with. */

/** A server that answers every request with a small JSON body, doing nothing else. */
export async function startTrivialServer(port: number): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.setHeader('content-type', 'application/json')
      res.end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

/** Ed25519 verifications per second on one core, of a signature base the size a request's is. */
export function ed25519VerifiesPerSecond(seconds = 1): number {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const data = Buffer.alloc(400, 'x')
  const signature = sign(null, data, privateKey)
  const deadline = performance.now() + seconds * 1000
  let count = 0
  while (performance.now() < deadline) {
    for (let i = 0; i < 100; i++) verify(null, data, publicKey, signature)
    count += 100
  }
  return count / seconds
}

/** Single-row inserts per second, `connections` at a time (one on the embedded database). */
export async function insertsPerSecond(databaseUrl: string | undefined, connections: number, seconds = 2) {
  const table = `bench_floor_${process.pid}`
  const create = `create table if not exists ${table} (id uuid primary key, created_at timestamptz not null)`
  const insert = `insert into ${table} (id, created_at) values (gen_random_uuid(), now())`
  let query: (sql: string) => Promise<unknown>
  let close: () => Promise<void>
  if (databaseUrl === undefined) {
    const db = new PGlite()
    query = (sql) => db.query(sql)
    close = () => db.close()
    connections = 1
  } else {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: connections })
    query = (sql) => pool.query(sql)
    close = async () => {
      await pool.query(`drop table if exists ${table}`)
      await pool.end()
    }
  }
  await query(create)
  let count = 0
  const deadline = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        await query(insert)
        count++
      }
    }),
  )
  await close()
  return count / seconds
}
