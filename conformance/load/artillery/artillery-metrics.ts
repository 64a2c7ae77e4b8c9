/**
 * The names of the metrics the processor emits and the report reader reads back (Artillery sums counters and
 * merges histograms across its workers, local or distributed, so each figure is one of these).
 */
export const ARTILLERY_METRICS = {
  /** Iterations whose every answer was right. */
  ok: 'bench.ok',
  /** + outcome.ts's label: iterations that went wrong, by what went wrong. */
  errorPrefix: 'bench.errors.',
  /** The right iterations' samples (the measured request, or the whole flow), ms. */
  latency: 'bench.latency',
  /** + OpenAPI operation id: every request's time, ms. */
  requestPrefix: 'bench.request.',
  /** + rule id: beyond-spec and robustness findings (not errors). */
  findingPrefix: 'bench.findings.',
  /** The generator process's CPU while it loaded, µs. */
  cpuMicros: 'bench.cpu_us',
  /** Per virtual user, from its first iteration's start to its last one's end, ms. */
  activeMs: 'bench.active_ms',
} as const
