/** The target's response times of one OpenAPI operation over the run. */
export interface OperationLatency {
  operationId: string
  count: number
  p50: number
  p95: number
  max: number
}

/** Merges every test's `{operationId: [ms, ...]}` and summarises each operation (nearest-rank percentiles). */
export function summariseLatency(samples: readonly Record<string, number[]>[]): OperationLatency[] {
  const all = new Map<string, number[]>()
  for (const sample of samples) {
    for (const [operationId, times] of Object.entries(sample))
      all.set(operationId, [...(all.get(operationId) ?? []), ...times])
  }
  return [...all.entries()]
    .map(([operationId, times]) => {
      const sorted = [...times].sort((a, b) => a - b)
      return {
        operationId,
        count: sorted.length,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: sorted[sorted.length - 1] ?? 0,
      }
    })
    .sort((a, b) => a.operationId.localeCompare(b.operationId))
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!
}
