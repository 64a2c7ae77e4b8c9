import { spawn } from 'node:child_process'
import { adapterEnvironment, stopAdapterProcesses } from './adapter-processes.ts'
import { type FinishFault, giveConsent, interactionStarts } from './interaction.ts'
import {
  type AdapterInput,
  type AdapterReport,
  type InteractionFinishedEvent,
  parseReport,
} from './protocol/adapter-protocol.ts'
import { isClientExchange } from './recorded-traffic.ts'
import type { Recorder } from './recording-proxy.ts'

export interface AdapterRunOptions {
  /** A shell command line, run from `cwd`. */
  command: string
  cwd: string
  input: AdapterInput
  recorder: Recorder
  timeoutMs: number
  finishFault?: FinishFault
  /**
   * A scenario where the client must stay silent after the redirect: once it is delivered, the adapter has this
   * long to finish; then it is stopped, and the silence is what is graded (not an adapter failure).
   */
  silenceAfterRedirectMs?: number
  /** More requests than this in the scenario and the client is looping: it is stopped (CL-LIST-WALK judges it). */
  requestBudget?: number
}

export interface AdapterRun {
  report?: AdapterReport
  /** Why the run decides nothing: the adapter failed, timed out or wrote no valid report. Names the scenario. */
  problem?: string
  /** The adapter was stopped after the silence it owed. */
  stoppedAfterSilence: boolean
  /** Finish redirects delivered to the adapter, as delivered. */
  redirects: string[]
  stderr: string
  durationMs: number
}

const POLL_MS = 50
/** A report is a few kB: past this, standard output is not a report, and holding more could exhaust memory. */
export const STDOUT_CAP_BYTES = 10 * 1024 * 1024
/**
 * Once the adapter has exited, its standard output may still be held open by a child it left behind: this long
 * for the pipe to drain, then the suite stops reading, stops the child and judges the adapter on what it wrote.
 */
const LINGER_MS = 1000

/**
 * Runs the adapter once for one scenario: the input on its first stdin line, an interaction-finished line for
 * each interactive grant the ASE answered (after the suite gave consent), its stdout read as the report.
 */
export async function runAdapter(opts: AdapterRunOptions): Promise<AdapterRun> {
  const started = Date.now()
  const scenario = opts.input.scenario
  // What the proxies record from now on is this run's (Recorder.begin labelled it).
  const label = opts.recorder.scenario
  const budget = opts.requestBudget ?? Number.POSITIVE_INFINITY
  // Its own process group, so that stopping it stops what the shell started too; the mark finds what left it.
  const { env, mark } = adapterEnvironment()
  const child = spawn(opts.command, {
    cwd: opts.cwd,
    env,
    shell: true,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const stop = () => stopAdapterProcesses(child.pid, mark)
  const stdout: Buffer[] = []
  let stdoutBytes = 0
  let stderr = ''
  let overflowed = false
  child.stdout.on('data', (chunk: Buffer) => {
    if (overflowed) return
    stdoutBytes += chunk.byteLength
    if (stdoutBytes > STDOUT_CAP_BYTES) {
      overflowed = true
      stop()
      return
    }
    stdout.push(chunk)
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = `${stderr}${chunk}`.slice(-8000)
  })
  // An adapter that exits without reading stdin must not crash the suite with EPIPE.
  child.stdin.on('error', () => {})
  child.stdin.write(`${JSON.stringify(opts.input)}\n`)

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>(
    (resolve) => {
      child.once('error', (error) => resolve({ code: null, signal: null, error }))
      // Judged when the adapter itself exits, whatever its children do with the pipes it shared with them.
      child.once('exit', (code, signal) => {
        const drained = new Promise((closed) => child.once('close', closed))
        const lingering = new Promise((late) => setTimeout(late, LINGER_MS))
        void Promise.race([drained, lingering]).then(() => {
          stop()
          // A process that escaped both kills (no /proc to find it) must not hold the suite open through its pipes.
          for (const pipe of [child.stdin, child.stdout, child.stderr]) pipe.destroy()
          resolve({ code, signal })
        })
      })
    },
  )
  const redirects: string[] = []
  const handled = new Set<number>()
  let problem: string | undefined
  let stopReason: 'timeout' | 'silence' | 'budget' | undefined
  let deadline = started + opts.timeoutMs
  let done = false
  const watch = (async () => {
    while (!done) {
      for (const start of interactionStarts(opts.recorder.of(label))) {
        if (handled.has(start.exchange.seq)) continue
        handled.add(start.exchange.seq)
        try {
          const finished = await giveConsent(start)
          const url = opts.finishFault ? opts.finishFault(finished) : finished
          redirects.push(url)
          const event: InteractionFinishedEvent = { event: 'interaction-finished', url }
          child.stdin.write(`${JSON.stringify(event)}\n`)
          if (opts.silenceAfterRedirectMs !== undefined)
            deadline = Math.min(deadline, Date.now() + opts.silenceAfterRedirectMs)
        } catch (error) {
          problem ??= `scenario ${scenario}: the suite could not give consent: ${(error as Error).message}`
        }
      }
      if (opts.recorder.of(label).filter(isClientExchange).length > budget && stopReason === undefined) {
        stopReason = 'budget'
        stop()
      }
      if (Date.now() > deadline && stopReason === undefined) {
        stopReason = opts.silenceAfterRedirectMs !== undefined && redirects.length > 0 ? 'silence' : 'timeout'
        stop()
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  })()
  const exit = await exited
  done = true
  await watch

  const run = { redirects, stderr, durationMs: Date.now() - started }
  const lastError = stderr.trim().split('\n').slice(-3).join(' | ')
  if (stopReason === 'silence') return { ...run, stoppedAfterSilence: true }
  if (overflowed)
    problem ??= `scenario ${scenario}: the adapter wrote more than ${STDOUT_CAP_BYTES / 1024 / 1024} MB to standard output (a report is one JSON line); it was stopped`
  if (stopReason === 'budget')
    problem ??= `scenario ${scenario}: the client sent more than ${budget} requests; it was stopped`
  if (stopReason === 'timeout')
    problem ??= `scenario ${scenario}: the adapter did not finish within ${opts.timeoutMs / 1000} s`
  if (exit.error) problem ??= `scenario ${scenario}: the adapter could not start: ${exit.error.message}`
  if (exit.code !== 0 && problem === undefined)
    problem = `scenario ${scenario}: the adapter exited with ${exit.code ?? exit.signal}${lastError ? `: ${lastError}` : ''}`
  if (problem) return { ...run, problem, stoppedAfterSilence: false }
  const parsed = parseReport(Buffer.concat(stdout).toString('utf8').trim(), scenario)
  if ('problems' in parsed)
    return {
      ...run,
      stoppedAfterSilence: false,
      problem: `scenario ${scenario}: the adapter's report does not match adapter-report.schema.json: ${parsed.problems.join('; ')}`,
    }
  return { ...run, report: parsed.report, stoppedAfterSilence: false }
}
