import os from 'node:os'
import type { LoadResult } from './load.ts'

export interface Row extends LoadResult {
  /** 1 for single requests; a flow's request count. */
  requestsPerOperation: number
  /** The server process's CPU time per operation (the embedded database's work included). */
  cpuMsPerOperation: number
  /** The Postgres backends' CPU time per operation (0 on the embedded database). */
  databaseCpuMsPerOperation: number
  rssMb: number
}

/** What `GET /healthz/ledger` answers (reference-server README, LEDGER_ENDPOINT). */
export interface LedgerReport {
  balanced: boolean
  assets: { assetCode: string; assetScale: number; seeded: string; held: string; exchangeNet: string }[]
  walletsOutOfStep: string[]
  grantsOutOfStep: string[]
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0
const fixed = (value: number, digits = 0) => value.toFixed(digits)

export function printResults(options: {
  results: Map<string, Row[]>
  floors: Map<string, number[]>
  connections: number
  seconds: number
  runs: number
}): void {
  const { results, floors } = options
  const floor = (key: string) => median(floors.get(key) ?? [])
  console.log(
    `\nreference server, ${options.connections} connections, ${options.seconds} s per operation, median of ${options.runs} run(s), ${os.cpus().length} cores, load generator on the same machine\n`,
  )
  console.log(
    '| database | operation | op/s | x trivial server | p50 ms | p99 ms | errors | req/op | server CPU ms/op | Postgres CPU ms/op | server+db CPU ms/req | x verify | RSS MB |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
  const verifyMs = 1000 / floor('ed25519 verify')
  for (const [key, rows] of results) {
    const [database, operation] = key.split('\t') as [string, string]
    const of = (pick: (row: Row) => number) => median(rows.map(pick))
    const rate = of((row) => row.requests / row.seconds)
    const signed = operation.startsWith('signed')
    const perRequest = of(
      (row) => (row.cpuMsPerOperation + row.databaseCpuMsPerOperation) / row.requestsPerOperation,
    )
    const cells = [
      database,
      operation,
      fixed(rate),
      fixed(rate / floor(signed ? 'trivial signed' : 'trivial'), 3),
      fixed(
        of((row) => row.p50Ms),
        1,
      ),
      fixed(
        of((row) => row.p99Ms),
        1,
      ),
      String(rows.reduce((sum, row) => sum + row.errors, 0)),
      fixed(
        of((row) => row.requestsPerOperation),
        1,
      ),
      fixed(
        of((row) => row.cpuMsPerOperation),
        3,
      ),
      fixed(
        of((row) => row.databaseCpuMsPerOperation),
        3,
      ),
      fixed(perRequest, 3),
      fixed(perRequest / verifyMs, 1),
      fixed(of((row) => row.rssMb)),
    ]
    console.log(`| ${cells.join(' | ')} |`)
    const firstError = rows.find((row) => row.firstError !== undefined)?.firstError
    if (firstError !== undefined) console.log(`|  | first error: ${firstError.replaceAll('|', '/')} |`)
  }
  console.log('\nfloor (same machine, same generator)\n')
  console.log('| floor | per second |')
  console.log('|---|---|')
  for (const [key, values] of floors) console.log(`| ${key} | ${fixed(median(values))} |`)
  console.log(
    `\nx trivial server: operations/s over the trivial server's requests/s (signed: over its signed figure, which the generator bounds).`,
  )
  console.log(
    'server CPU: the server process (user + system, /proc), the embedded database included; Postgres CPU: its backends for this database.',
  )
  console.log(
    `x verify: server+db CPU per request over one Ed25519 verification (${fixed(verifyMs * 1000, 1)} µs).`,
  )
}

/** The ledger check after each database's load; true when every one balanced. */
export function printLedger(ledgers: [string, LedgerReport][]): boolean {
  console.log('\nledger check after the load (GET /healthz/ledger: no money created or lost)\n')
  console.log('| database | asset | seeded | held | exchange net | balanced |')
  console.log('|---|---|---|---|---|---|')
  for (const [database, report] of ledgers) {
    for (const asset of report.assets) {
      const balanced = BigInt(asset.held) + BigInt(asset.exchangeNet) === BigInt(asset.seeded)
      console.log(
        `| ${database} | ${asset.assetCode}/${asset.assetScale} | ${asset.seeded} | ${asset.held} | ${asset.exchangeNet} | ${balanced ? 'yes' : 'NO'} |`,
      )
    }
    if (report.walletsOutOfStep.length > 0)
      console.log(`| ${database} | cached balances out of step: ${report.walletsOutOfStep.join(', ')} |`)
    if (report.grantsOutOfStep.length > 0)
      console.log(`| ${database} | grant spent totals out of step: ${report.grantsOutOfStep.join(', ')} |`)
  }
  return ledgers.every(([, report]) => report.balanced)
}
