import type { LatencySummary } from '../latency.ts'
import { LOAD_OPERATIONS, type OperationName } from '../operations.ts'
import type { OperationResult } from '../run-bench.ts'
import { ARTILLERY_METRICS as M } from './artillery-metrics.ts'

/** The part of Artillery's JSON report (`artillery run --output`) the bench reads: its totals over all workers. */
export interface ArtilleryReport {
  aggregate: {
    counters?: Record<string, number>
    summaries?: Record<string, ArtillerySummary>
  }
}

interface ArtillerySummary {
  count: number
  max: number
  p50: number
  p90: number
  p99: number
}

/**
 * One operation's result, in the home-made engine's shape, from what the processor counted (artillery-metrics.ts).
 * A virtual user Artillery itself failed (no answer at all: refused, reset, timed out) is an iteration gone
 * wrong too, counted as `failed (CODE)`. Artillery's percentiles are its sketches' (within 1 %), not exact ranks.
 */
export function operationResultOf(operation: OperationName, report: ArtilleryReport): OperationResult {
  const counters = report.aggregate.counters ?? {}
  const summaries = report.aggregate.summaries ?? {}
  const errors: Record<string, number> = {}
  const findings: Record<string, number> = {}
  for (const [name, count] of Object.entries(counters)) {
    if (name.startsWith(M.errorPrefix)) errors[name.slice(M.errorPrefix.length)] = count
    else if (name.startsWith(M.findingPrefix)) findings[name.slice(M.findingPrefix.length)] = count
    else if (name.startsWith('errors.')) errors[`failed (${name.slice('errors.'.length)})`] = count
  }
  const ok = counters[M.ok] ?? 0
  const iterations = ok + Object.values(errors).reduce((sum, count) => sum + count, 0)
  const elapsedS = (summaries[M.activeMs]?.max ?? 0) / 1000
  const requests = Object.fromEntries(
    Object.entries(summaries)
      .filter(([name]) => name.startsWith(M.requestPrefix))
      .map(([name, summary]) => [
        name.slice(M.requestPrefix.length),
        { count: summary.count, latencyMs: latencyOf(summary) },
      ]),
  )
  const requestCount = Object.values(requests).reduce((sum, { count }) => sum + count, 0)
  const cpuMs = (counters[M.cpuMicros] ?? 0) / 1000
  const latency = summaries[M.latency]
  return {
    operation,
    measures: LOAD_OPERATIONS[operation].measures,
    iterations,
    ok,
    elapsedS: Math.round(elapsedS * 100) / 100,
    throughput: elapsedS > 0 ? Math.round((ok / elapsedS) * 10) / 10 : 0,
    benchCpuMsPerIteration: per(cpuMs, iterations),
    benchCpuMsPerRequest: per(cpuMs, requestCount),
    latencyMs: latency && latency.count > 0 ? latencyOf(latency) : undefined,
    errors,
    errorExamples: {},
    requests,
    findings,
  }
}

function latencyOf(summary: ArtillerySummary): LatencySummary {
  const round = (ms: number) => Math.round(ms * 10) / 10
  return {
    p50: round(summary.p50),
    p90: round(summary.p90),
    p99: round(summary.p99),
    max: round(summary.max),
  }
}

function per(ms: number, count: number): number | undefined {
  return count > 0 ? Math.round((ms / count) * 100) / 100 : undefined
}
