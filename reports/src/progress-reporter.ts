import { readFileSync, writeFileSync } from 'node:fs'
import type { Reporter, Suite, TestCase } from '@playwright/test/reporter'
import { onRunPhase } from '../../settings/run-phase.ts'
import { PROGRESS_STARTED_ENV, REFERENCE_RUN_ENV, TARGET_ENV } from '../../settings/run-settings.ts'

/**
 * The console stays silent at most 10 s: a line after 9, since a timer fires late on a busy machine (by up to a
 * second at load 20).
 */
const SILENCE_MS = 9_000

/**
 * Keeps something on the console while the run works where no other reporter prints: starting the reference
 * server, the pre-flight, loading the tests, a stretch of long tests, writing the reports. Each phase is one line
 * when it begins, then a line after every 9 s without one, saying what the run is doing and for how long. A
 * console line of another reporter (a test's end, a test's own output) restarts the count. In a terminal the tests'
 * phase is left to the list reporter, which shows the running tests and rewrites their lines in place (a line
 * printed among them would be overwritten).
 */
export default class ProgressReporter implements Reporter {
  #phase: string
  #phaseStarted = Date.now()
  #lastLine = Date.now()
  #testing = false
  #total = 0
  #done = 0
  readonly #running = new Map<string, { title: string; started: number }>()
  readonly #timer: NodeJS.Timeout
  readonly #quiet: boolean

  constructor() {
    // The command stops saying that Playwright is loading (cli/playwright-run.ts): from here this reporter speaks.
    const started = process.env[PROGRESS_STARTED_ENV]
    if (started) writeFileSync(started, '')
    const reference = process.env[REFERENCE_RUN_ENV]
    this.#phase = reference
      ? `Reference server: starting at ${new URL(targetOf(reference).walletAddresses.sender).origin} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded Postgres'})`
      : `Starting the run against "${targetOf(process.env[TARGET_ENV]!).name}"`
    // A listing starts no server and runs nothing: the list is its only output.
    this.#quiet = process.argv.includes('--list')
    this.#say(this.#phase)
    onRunPhase((label) => this.#enter(label))
    this.#timer = setInterval(() => this.#tick(), 1000)
    this.#timer.unref()
  }

  printsToStdio(): boolean {
    return true
  }

  onBegin(_config: unknown, suite: Suite): void {
    this.#total = suite.allTests().length
    this.#testing = true
    this.#phaseStarted = Date.now()
  }

  onTestBegin(test: TestCase): void {
    this.#running.set(test.id, { title: test.title, started: Date.now() })
  }

  onTestEnd(test: TestCase): void {
    this.#running.delete(test.id)
    this.#done++
    this.#lastLine = Date.now()
  }

  onStdOut(): void {
    this.#lastLine = Date.now()
  }

  onStdErr(): void {
    this.#lastLine = Date.now()
  }

  onEnd(): void {
    this.#testing = false
    this.#enter('Writing the reports: the verdict, the Playwright HTML report, the Allure results')
  }

  async onExit(): Promise<void> {
    clearInterval(this.#timer)
  }

  #enter(label: string): void {
    this.#phase = label
    this.#phaseStarted = Date.now()
    this.#say(label)
  }

  #tick(): void {
    const now = Date.now()
    if (now - this.#lastLine < SILENCE_MS) return
    if (!this.#testing) {
      this.#say(`  … ${lower(this.#phase)} (${seconds(now - this.#phaseStarted)})`)
      return
    }
    if (process.stdout.isTTY) return
    const longest = [...this.#running.values()].sort((a, b) => a.started - b.started)[0]
    const more = this.#running.size > 1 ? ` and ${this.#running.size - 1} more` : ''
    this.#say(
      `  … ${this.#done} of ${this.#total} tests done; ` +
        (longest
          ? `running: ${longest.title} (${seconds(now - longest.started)})${more}`
          : 'the workers are starting'),
    )
  }

  #say(line: string): void {
    if (!this.#quiet) process.stdout.write(`${line}\n`)
    this.#lastLine = Date.now()
  }
}

/** What this reporter names of the target file (the configuration has already checked it). */
function targetOf(file: string): { name: string; walletAddresses: { sender: string } } {
  return JSON.parse(readFileSync(file, 'utf8'))
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`
const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)
