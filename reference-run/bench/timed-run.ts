import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { loadavg } from 'node:os'
import { createInterface } from 'node:readline'

/** What one `op-conformance run` cost, as its user sees it on the console. */
export interface RunTiming {
  /** Seconds from the command to the verdict line; undefined when none came before the cap. */
  toVerdict?: number
  /** Seconds from the command to its end (or to the cap). */
  wall: number
  /** The verdict line, e.g. `Conformance verdict: CONFORMANT ...`. */
  headline?: string
  exitCode: number | null
  capped: boolean
  /** Seconds until the first line on the console, and the longest time with none. */
  firstLine?: number
  longestSilence: number
  /** The 1-minute load average when the run started, its mean over the run, and its highest. */
  load: { start: number; mean: number; max: number }
}

const VERDICT_LINE = /^Conformance verdict: /
const LOAD_SAMPLE_MS = 5_000

/**
 * Runs `npx op-conformance run ARGS` from `root` as a user would, every console line (stdout and stderr) into
 * `logFile` with its time, and measures it. At `capSeconds` the run's process group is ended (SIGTERM, then SIGKILL),
 * and the timing says so. `progress` is called every `progressMs` with the seconds so far and the last line.
 */
export function timedRun(opts: {
  root: string
  args: string[]
  capSeconds: number
  logFile: string
  progressMs: number
  progress(seconds: number, lastLine: string | undefined): void
  /** Aborted (the bench was interrupted): the run's group is ended as at the cap, and the run counts as capped. */
  signal?: AbortSignal
}): Promise<RunTiming> {
  const started = Date.now()
  const seconds = (at = Date.now()) => (at - started) / 1000
  const log = createWriteStream(opts.logFile)
  const loads = [loadavg()[0]!]
  let last = started
  let longestSilence = 0
  let lastLine: string | undefined
  const timing: Partial<RunTiming> = {}
  // A group of its own, so that the cap ends Playwright, its workers and the server it started, and nothing else.
  const child = spawn('npx', ['--no-install', 'op-conformance', 'run', ...opts.args], {
    cwd: opts.root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      const now = Date.now()
      timing.firstLine ??= seconds(now)
      longestSilence = Math.max(longestSilence, now - last)
      last = now
      lastLine = line
      log.write(`${seconds(now).toFixed(1).padStart(7)} ${line}\n`)
      if (VERDICT_LINE.test(line) && timing.headline === undefined) {
        timing.headline = line
        timing.toVerdict = seconds(now)
      }
    })
  }
  const sampler = setInterval(() => loads.push(loadavg()[0]!), LOAD_SAMPLE_MS)
  const reporter = setInterval(() => opts.progress(seconds(), lastLine), opts.progressMs)
  let capped = false
  const stopRun = () => {
    capped = true
    endGroup(child.pid!, 'SIGTERM')
    setTimeout(() => endGroup(child.pid!, 'SIGKILL'), 10_000)
  }
  const cap = setTimeout(stopRun, opts.capSeconds * 1000)
  if (opts.signal?.aborted) stopRun()
  else opts.signal?.addEventListener('abort', stopRun, { once: true })
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      // After the cap, the SIGKILL above stays due: npx, the group's leader, may end first while Playwright still
      // stops its workers, and what is left of the group 10 s after the SIGTERM is ended too.
      for (const timer of [sampler, reporter, cap]) clearInterval(timer)
      opts.signal?.removeEventListener('abort', stopRun)
      log.end()
      const end = Date.now()
      resolve({
        ...timing,
        wall: seconds(end),
        exitCode: code,
        capped,
        longestSilence: Math.max(longestSilence, end - last) / 1000,
        load: {
          start: loads[0]!,
          mean: loads.reduce((sum, load) => sum + load, 0) / loads.length,
          max: Math.max(...loads),
        },
      })
    })
  })
}

/** Ends the run's process group; one already gone is no error. */
function endGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
  }
}
