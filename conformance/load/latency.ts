/** Latency percentiles of a load run, in milliseconds. */
export interface LatencySummary {
  p50: number
  p90: number
  p99: number
  max: number
}

/**
 * The nearest-rank percentile: the smallest sample that at least `p` percent of the samples do not exceed.
 * `sorted` is in ascending order and not empty; `p` is in (0, 100].
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) throw new RangeError('percentile of no samples')
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile ${p} is not in (0, 100]`)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[rank - 1]!
}

/** The percentiles of `samples` (any order), or undefined when there are none. */
export function summarizeLatencies(samples: readonly number[]): LatencySummary | undefined {
  if (samples.length === 0) return undefined
  const sorted = Float64Array.from(samples).sort()
  const at = (p: number) => round(percentile(sorted, p))
  return { p50: at(50), p90: at(90), p99: at(99), max: round(sorted[sorted.length - 1]!) }
}

/** Milliseconds to a tenth: finer is noise at these rates. */
function round(ms: number): number {
  return Math.round(ms * 10) / 10
}
