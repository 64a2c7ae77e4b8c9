import { OPERATION_NAMES, type OperationName } from '../conformance/load/operations.ts'
import { hasProcfs, PROC_ROOT, processExists } from '../conformance/load/process-cpu.ts'
import { takeFlag, takeOption, UsageError } from './run-options.ts'

export interface BenchOptions {
  target?: string
  concurrency: number
  /** Per operation. */
  durationS: number
  /** Per operation: no iteration starts once this many have. */
  maxIterations: number
  operations: OperationName[]
  /** The JSON file written. */
  output?: string
  allowRemote: boolean
  /** Processes whose CPU, with their descendants', counts as the server's; empty: none given. */
  serverPids: number[]
  help: boolean
  /** `loop`: this project's own load loop; `artillery`: Artillery's HTTP engine with the suite's hooks. */
  engine: Engine
  /** Write the Artillery bundle into this folder and run nothing (for `artillery run-fargate`). */
  emit?: string
}

export const ENGINES = ['loop', 'artillery'] as const
export type Engine = (typeof ENGINES)[number]

export const BENCH_DEFAULTS = { concurrency: 8, durationS: 10, maxIterations: 100_000 }

/** Reads the options of `bench`; anything else is a mistake. */
export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  const args = [...argv]
  const take = (name: string) => takeOption(args, name)
  const engineName = take('--engine')
  const maxIterations = take('--max-iterations')
  const options: BenchOptions = {
    target: take('--target'),
    concurrency: integer('--concurrency', take('--concurrency'), BENCH_DEFAULTS.concurrency, 1, 1000),
    durationS: integer('--duration', take('--duration'), BENCH_DEFAULTS.durationS, 1, 3600),
    maxIterations: integer('--max-iterations', maxIterations, BENCH_DEFAULTS.maxIterations, 1, 10_000_000),
    operations: operations(take('--operations')),
    output: take('--output'),
    allowRemote: takeFlag(args, '--allow-remote'),
    serverPids: serverPids(take('--server-pids')),
    help: takeFlag(args, '--help') || takeFlag(args, '-h'),
    engine: engine(engineName),
    emit: take('--emit'),
  }
  if (args.length > 0)
    throw new UsageError(`bench: unknown argument ${JSON.stringify(args[0])} (op-conformance bench --help)`)
  if (options.emit !== undefined) {
    if (engineName === 'loop')
      throw new UsageError(
        '--emit writes an Artillery bundle: it goes with --engine artillery, not --engine loop',
      )
    // A bundle for the reference server this command starts and stops would point at nothing.
    if (options.target === undefined)
      throw new UsageError('--emit needs --target: the bundle loads the server of that target file')
    options.engine = 'artillery'
  }
  if (options.engine === 'artillery' && (maxIterations !== undefined || options.serverPids.length > 0))
    throw new UsageError(
      `${maxIterations !== undefined ? '--max-iterations' : '--server-pids'} is the load loop's (--engine loop); ` +
        'on Artillery a run is bounded by --duration, and the server is measured from outside',
    )
  return options
}

function engine(value: string | undefined): Engine {
  if (value === undefined) return 'loop'
  if (!(ENGINES as readonly string[]).includes(value))
    throw new UsageError(`--engine: expected ${ENGINES.join(' or ')} (got ${JSON.stringify(value)})`)
  return value as Engine
}

function integer(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback
  const parsed = Number(value)
  if (!/^\d+$/.test(value) || parsed < min || parsed > max)
    throw new UsageError(
      `${name}: expected a whole number from ${min} to ${max} (got ${JSON.stringify(value)})`,
    )
  return parsed
}

function operations(value: string | undefined): OperationName[] {
  if (value === undefined || value === 'all') return [...OPERATION_NAMES]
  const names = value.split(',').map((name) => name.trim())
  const unknown = names.filter((name) => !(OPERATION_NAMES as readonly string[]).includes(name))
  if (unknown.length > 0 || names.length === 0)
    throw new UsageError(
      `--operations: unknown ${unknown.map((name) => JSON.stringify(name)).join(', ')}; ` +
        `a comma-separated list of ${OPERATION_NAMES.join(', ')} (or all)`,
    )
  return [...new Set(names)] as OperationName[]
}

function serverPids(value: string | undefined): number[] {
  if (value === undefined) return []
  const pids = value.split(',').map((pid) => pid.trim())
  const bad = pids.find((pid) => !/^\d+$/.test(pid) || Number(pid) < 1)
  if (bad !== undefined)
    throw new UsageError(
      `--server-pids: expected process ids, whole numbers separated by commas (got ${JSON.stringify(bad)})`,
    )
  if (!hasProcfs(PROC_ROOT))
    throw new UsageError(
      `--server-pids: reads CPU time from Linux's ${PROC_ROOT}, which this system does not have`,
    )
  const missing = pids.find((pid) => !processExists(PROC_ROOT, Number(pid)))
  if (missing !== undefined) throw new UsageError(`--server-pids: no process ${missing} on this machine`)
  return [...new Set(pids.map(Number))]
}
