import type { OperationResult } from '../conformance/load/run-bench.ts'

const HEADERS = [
  'operation',
  'ok',
  'errors',
  'ok/s',
  'p50 ms',
  'p90 ms',
  'p99 ms',
  'max ms',
  'bench CPU ms/it',
  'bench CPU ms/req',
] as const
// Only when the server's processes were measured (--server-pids, or the reference server bench starts).
const SERVER_HEADERS = ['server CPU ms/it', 'server CPU ms/req'] as const

/** The results as a plain-text table, then what went wrong, by operation. */
export function formatBenchTable(results: readonly OperationResult[]): string {
  const serverMeasured = results.some((result) => result.serverRestingCpuShare !== undefined)
  const headers = serverMeasured ? [...HEADERS, ...SERVER_HEADERS] : HEADERS
  const cpu = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(2))
  const rows = results.map((result) => {
    const latency = result.latencyMs
    const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(1))
    const server = [cpu(result.serverCpuMsPerIteration), cpu(result.serverCpuMsPerRequest)]
    return [
      result.operation,
      String(result.ok),
      String(result.iterations - result.ok),
      result.throughput.toFixed(1),
      ms(latency?.p50),
      ms(latency?.p90),
      ms(latency?.p99),
      ms(latency?.max),
      cpu(result.benchCpuMsPerIteration),
      cpu(result.benchCpuMsPerRequest),
      ...(serverMeasured ? server : []),
    ]
  })
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => row[column]!.length)),
  )
  // Names left, figures right, as figures are read.
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
  const table = [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)]
  const notes = results.flatMap((result) => {
    if (result.setupError)
      return [`${result.operation}: not measured, its set-up failed: ${result.setupError}`]
    const errors = Object.entries(result.errors).sort(([, a], [, b]) => b - a)
    const findings = Object.entries(result.findings)
    return [
      ...(errors.length
        ? [`${result.operation} errors: ${errors.map(([what, n]) => `${what} x${n}`).join(', ')}`]
        : []),
      ...(findings.length
        ? [
            `${result.operation} findings (not errors): ${findings.map(([id, n]) => `${id} x${n}`).join(', ')}`,
          ]
        : []),
      ...(result.serverCpuNote ? [`${result.operation} server CPU: ${result.serverCpuNote}`] : []),
    ]
  })
  const resting = results.find((result) => result.serverRestingCpuShare !== undefined)?.serverRestingCpuShare
  const restLine =
    resting === undefined
      ? []
      : [
          `server CPU less what it used at rest before the load: ${Math.round(resting * 1000) / 10} % of a core`,
        ]
  return [...table, ...restLine, ...(notes.length ? ['', ...notes] : [])].join('\n')
}
