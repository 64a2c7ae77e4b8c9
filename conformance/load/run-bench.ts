import { rulesNamedIn } from '../harness/rules/rules-named-in.ts'
import type { BenchSession } from './bench-session.ts'
import { type LatencySummary, summarizeLatencies } from './latency.ts'
import { type LoadLimits, runLoad } from './load-loop.ts'
import { LOAD_OPERATIONS, type OperationName } from './operations.ts'
import { describeFailure, FailedIteration, firstLine } from './outcome.ts'
import { type CpuMeter, PROC_ROOT, processCpuMeter, restingShare, untilSettled } from './process-cpu.ts'

export interface OperationResult {
  operation: OperationName
  measures: string
  /** Iterations run, right or wrong. */
  iterations: number
  /** Iterations whose every answer was right. */
  ok: number
  elapsedS: number
  /** Right iterations per second: a fast wrong answer is not a result. */
  throughput: number
  /**
   * This process's CPU per iteration (signing, checking, consent driver): near the run's wall time per
   * iteration and concurrency, it is the generator, not the target, that sets the pace.
   */
  benchCpuMsPerIteration?: number
  /** The same per Open Payments request the loop sent (the sum of `requests`). */
  benchCpuMsPerRequest?: number
  /**
   * The CPU of the server's processes (BenchOptions.serverPids and their descendants) per iteration, whatever
   * else they served meanwhile; only when pids were given. It runs until the server is back at rest after the
   * loop (payments it settles later count), less what the server uses at rest (measured for 3 s before any load).
   */
  serverCpuMsPerIteration?: number
  /** The same per Open Payments request of the load loop (the sum of `requests`; consent pages not counted). */
  serverCpuMsPerRequest?: number
  /** Why there is no server CPU figure although it was measured. */
  serverCpuNote?: string
  /** The share of a core the server used at rest before the bench, taken off its CPU figures. */
  serverRestingCpuShare?: number
  /** Of the right iterations. */
  latencyMs?: LatencySummary
  /** Wrong iterations by what went wrong (see outcome.ts). */
  errors: Record<string, number>
  /** The first message of each kind of error, to see what was wrong. */
  errorExamples: Record<string, string>
  /**
   * Every request the load loop made, by OpenAPI operation: an iteration's own set-up (the quote before an
   * outgoing payment) included, the operation's prepare (its grants) not.
   */
  requests: Record<string, { count: number; latencyMs: LatencySummary }>
  /** Beyond-spec and robustness findings of the automatic checks (not errors), by rule. */
  findings: Record<string, number>
  /** Why the operation could not be measured (its set-up failed). */
  setupError?: string
}

export interface BenchOptions {
  operations: readonly OperationName[]
  limits: LoadLimits
  /** Processes whose CPU, with their descendants', is the server's (Linux /proc); none: not measured. */
  serverPids?: readonly number[]
  /** Called before each operation starts, for progress lines. */
  onStart?: (operation: OperationName) => void
}

/** Each operation in turn: its set-up, then the load loop, every answer checked by the automatic rules. */
export async function runBench(session: BenchSession, options: BenchOptions): Promise<OperationResult[]> {
  const results: OperationResult[] = []
  const meter = options.serverPids?.length ? processCpuMeter(PROC_ROOT, options.serverPids) : undefined
  // What the server uses at rest (timers, pollers, a file watcher) is not the load's: taken once, before any load,
  // so that no operation's leftovers count as rest.
  const serverCpu = meter && { meter, resting: await restingShare(meter, RESTING_SAMPLE_MS) }
  for (const name of options.operations) {
    options.onStart?.(name)
    results.push(await measureOperation(session, name, options.limits, serverCpu))
  }
  return results
}

async function measureOperation(
  session: BenchSession,
  name: OperationName,
  limits: LoadLimits,
  serverCpu: { meter: CpuMeter; resting: number } | undefined,
): Promise<OperationResult> {
  const operation = LOAD_OPERATIONS[name]
  const timings = new Map<string, number[]>()
  const findings: Record<string, number> = {}
  const errorExamples: Record<string, string> = {}
  const empty = { operation: name, measures: operation.measures, iterations: 0, ok: 0, elapsedS: 0 }
  let step: Awaited<ReturnType<typeof operation.prepare>>
  try {
    step = await operation.prepare(session)
  } catch (error) {
    const setupError = `${describeFailure(error)}: ${firstLine(error instanceof Error ? error.message : String(error))}`
    return { ...empty, throughput: 0, errors: {}, errorExamples, requests: {}, findings, setupError }
  }
  // The server's samples, outside the bench's own CPU measure: reading /proc is the bench's work, not the loop's.
  const serverMsBefore = serverCpu?.meter.totalMs()
  const serverStarted = performance.now()
  const cpuBefore = process.cpuUsage()
  const run = await runLoad(
    limits,
    async (measure) => {
      const api = session.api()
      try {
        await step(api, measure)
      } catch (error) {
        throw new FailedIteration(
          error,
          api.exchanges.at(-1)?.response.status,
          api.timings.at(-1)?.operationId,
        )
      } finally {
        for (const { operationId, ms } of api.timings) {
          const samples = timings.get(operationId) ?? timings.set(operationId, []).get(operationId)!
          samples.push(ms)
        }
        for (const finding of api.findings) {
          const ruleId = rulesNamedIn(finding)[0] ?? 'other'
          findings[ruleId] = (findings[ruleId] ?? 0) + 1
        }
      }
    },
    (error) => {
      const label = describeFailure(error)
      errorExamples[label] ??= (error instanceof Error ? error.message : String(error)).slice(0, 1000)
      return label
    },
  )
  const cpu = process.cpuUsage(cpuBefore)
  let serverMs: number | undefined
  let serverCpuNote: string | undefined
  if (serverCpu !== undefined && serverMsBefore !== undefined) {
    await untilSettled(serverCpu.meter, serverCpu.resting, SETTLE_LIMIT_MS)
    const total = serverCpu.meter.totalMs() - serverMsBefore
    const net = total - serverCpu.resting * (performance.now() - serverStarted)
    // A load that barely shows above what the server does at rest (a few slow iterations) has no figure.
    if (net > total * MEASURABLE_SHARE) serverMs = net
    else serverCpuNote = `${Math.round(total)} ms in all, within what the server uses at rest`
  }
  const right = run.samples.filter((sample) => sample.error === undefined)
  const errors: Record<string, number> = {}
  for (const { error } of run.samples) if (error !== undefined) errors[error] = (errors[error] ?? 0) + 1
  const elapsedS = run.elapsedMs / 1000
  const requestCount = [...timings.values()].reduce((sum, samples) => sum + samples.length, 0)
  return {
    ...empty,
    iterations: run.samples.length,
    ok: right.length,
    elapsedS: Math.round(elapsedS * 100) / 100,
    throughput: Math.round((right.length / elapsedS) * 10) / 10,
    benchCpuMsPerIteration: per((cpu.user + cpu.system) / 1000, run.samples.length),
    benchCpuMsPerRequest: per((cpu.user + cpu.system) / 1000, requestCount),
    serverCpuMsPerIteration: serverMs === undefined ? undefined : per(serverMs, run.samples.length),
    serverCpuMsPerRequest: serverMs === undefined ? undefined : per(serverMs, requestCount),
    serverCpuNote,
    serverRestingCpuShare: serverCpu && Math.round(serverCpu.resting * 1000) / 1000,
    latencyMs: summarizeLatencies(right.map((sample) => sample.ms)),
    errors,
    errorExamples,
    requests: Object.fromEntries(
      [...timings].map(([operationId, samples]) => [
        operationId,
        { count: samples.length, latencyMs: summarizeLatencies(samples)! },
      ]),
    ),
    findings,
  }
}

const RESTING_SAMPLE_MS = 3000
/** Under this share of all it used, the server's CPU over its resting use is noise. */
const MEASURABLE_SHARE = 0.1
/** The longest wait for a server to finish what the load left (Rafiki settles a payment in up to 30 s). */
const SETTLE_LIMIT_MS = 60_000

/** ms per unit, to 0.01; undefined when there were none. */
function per(ms: number, count: number): number | undefined {
  return count > 0 ? Math.round((ms / count) * 100) / 100 : undefined
}
