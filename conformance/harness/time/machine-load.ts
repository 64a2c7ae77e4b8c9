import { availableParallelism, loadavg } from 'node:os'

/** The most the machine's load stretches the suite's own limits: beyond it, the run is too starved to judge. */
export const MAX_MACHINE_FACTOR = 8

/**
 * How much slower than a quiet machine this one runs the suite's own work, from the 1-minute load average per
 * core: 1 on a quiet machine, 6.5 at load 13 on 2 cores, at most MAX_MACHINE_FACTOR. The budgets and timeouts are
 * set for a quiet machine, and the answer times a run measures (request-time.ts) do not show the time the suite
 * itself waits for a core: on a busy CI runner a property would do a fraction of its runs, and a test would run out
 * of time, for reasons that are neither the server's nor the certification profile's. So the suite's own limits
 * (each test's timeout, a property search's time limit) are stretched by this factor, read as each test starts.
 */
export function machineFactor(load = loadavg()[0] ?? 0, cores = availableParallelism()): number {
  if (!Number.isFinite(load) || cores < 1) return 1
  return Math.min(MAX_MACHINE_FACTOR, Math.max(1, load / cores))
}
