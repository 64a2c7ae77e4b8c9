import { targetUndiciTransport } from '../http/target-transport.ts'
import type { TargetFile } from '../target/target-file.ts'
import { RUN_WORKERS } from './long-wait.ts'

/** Each worker waits on the target: the farther away it is, the more of them overlap their waits. */
const WORKERS_BY_ANSWER_MS: [belowMs: number, workers: number][] = [
  [50, RUN_WORKERS],
  [150, 6],
]
// Behind 200 ms (the reference server, its two latency proxies and the suite on one 2-core machine), time to the
// verdict: 8 workers 177 s, 10 154 s, 12 144 to 182 s, then 133 and 145 s once the suite's own CPU was cut; 16 took
// 189 s with the cores saturated (load 5.7) before that cut, 112 to 119 s after it (mean load 4.9 to 5.8), every
// property at its full count. The run is then bound by its longest properties (90 to 96 s each), not the workers.
const FARTHEST_WORKERS = 16
const PROBES = 3
const PROBE_TIMEOUT_MS = 5_000

/**
 * The run's workers for a target of its own (not the reference server on this machine): RUN_WORKERS near by, more
 * for a target far away. Behind 200 ms a run spent its time waiting (load 1.5 on 2 cores) and took 3.1 times as
 * long as on loopback, bound by 4 workers each running its tests' requests one after another. The middle of three
 * GETs of the sender's wallet address decides, routed and trusted as the tests will be; a target that does not
 * answer gets RUN_WORKERS (the pre-flight then says why). `--workers` still decides over this.
 */
export async function workersFor(target: TargetFile): Promise<{ workers: number; answerMs?: number }> {
  const transport = targetUndiciTransport(target)
  const times: number[] = []
  for (let probe = 0; probe < PROBES; probe++) {
    const started = performance.now()
    const answered = await Promise.race([
      transport({
        method: 'GET',
        url: target.walletAddresses.sender,
        headers: { accept: 'application/json' },
      }).then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref()),
    ])
    if (!answered) return { workers: RUN_WORKERS }
    times.push(performance.now() - started)
  }
  const answerMs = times.sort((a, b) => a - b)[1]!
  return { workers: workersForAnswer(answerMs), answerMs }
}

export function workersForAnswer(answerMs: number): number {
  return WORKERS_BY_ANSWER_MS.find(([below]) => answerMs < below)?.[1] ?? FARTHEST_WORKERS
}
