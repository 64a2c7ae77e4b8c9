import { defineConfig, type ReporterDescription } from '@playwright/test'
import { openRunLocalClients } from './conformance/harness/client-identity/run-local-clients.ts'
import { chromiumLaunchOptions, requireChromiumIfAsked } from './conformance/harness/consent/chromium.ts'
import { clearFoundationPlan } from './conformance/harness/foundations/foundation-plan.ts'
import { clearFoundationResults } from './conformance/harness/foundations/foundation-results.ts'
import { openRunGrantStore } from './conformance/harness/gnap/run-grant-store.ts'
import { clearTargetStop } from './conformance/harness/http/target-liveness.ts'
import { FAILURE_TRACES_ENV } from './conformance/harness/rules/kept-worker.ts'
import { stopAsOnSigint } from './conformance/harness/run/stop-as-on-sigint.ts'
import { resolveTarget } from './conformance/harness/target/resolve-target.ts'
import { TargetConfigurationError } from './conformance/harness/target/target-configuration-error.ts'
import type { TargetFile } from './conformance/harness/target/target-file.ts'
import { TargetFileError } from './conformance/harness/target/target-file-error.ts'
import { extraCaCertsFor } from './conformance/harness/target/tls-ca.ts'
import { LONG_WAIT_TAG, LONGEST_WAIT_TAG, RUN_WORKERS } from './conformance/harness/time/long-wait.ts'
import { workersFor } from './conformance/harness/time/run-workers.ts'
import { PortTakenError } from './reference-run/port-taken-error.ts'
import { referenceServerPlan, writeRunReferenceTarget } from './reference-run/reference-plan.ts'
import { claimReferencePorts, REFERENCE_PORT_ENV } from './reference-run/reference-ports.ts'
import { referenceStartupMs } from './reference-run/reference-process.ts'
import {
  FOUNDATION_PLAN,
  KEPT_WORKER_STATUS,
  PROGRESS,
  RELATIVE_PATHS,
  REPORTS,
} from './reports/src/reporters.ts'
import { VERDICT_PROJECTS } from './reports/src/verdict-projects.ts'
import {
  CONSOLE_REPORTER_ENV,
  REFERENCE_RUN_ENV,
  REPORT_PATHS,
  SHARD_ENV,
  TARGET_ENV,
} from './settings/run-settings.ts'
import { NODE_LOADER, suiteModule } from './settings/suite-modules.ts'

// Without --target, the run is against the reference server started below, described by a target file like any
// other server. Workers load this file again: they find the variables set (the ports the main process chose
// among them) and compute the same plan.
const reference = await referenceRun()
async function referenceRun() {
  const named = process.env[TARGET_ENV]
  if (named && named !== process.env[REFERENCE_RUN_ENV]) return undefined
  try {
    if (!named) process.env[REFERENCE_PORT_ENV] = String(await claimReferencePorts(process.env, 2))
    const plan = referenceServerPlan(process.env)
    if (!named) {
      const file = writeRunReferenceTarget(plan, REPORT_PATHS.root, process.argv.includes('--list'))
      process.env[TARGET_ENV] = file
      process.env[REFERENCE_RUN_ENV] = file
    }
    return plan
  } catch (error) {
    if (!(error instanceof TargetConfigurationError || error instanceof PortTakenError)) throw error
    console.error(`\n${error.message}\n`)
    process.exit(2)
  }
}

// Validate the target before anything runs: a bad file stops the run with the field and what is wrong.
let runTarget: TargetFile | undefined
try {
  const target = resolveTarget()
  runTarget = target
  requireChromiumIfAsked(target)
  const caFile = target.tls?.caFile
  // Workers are started after this, with this environment; Node reads the variable only at start-up.
  if (caFile) process.env.NODE_EXTRA_CA_CERTS = extraCaCertsFor(caFile, process.env.NODE_EXTRA_CA_CERTS)
} catch (error) {
  if (!(error instanceof TargetFileError || error instanceof TargetConfigurationError)) throw error
  // A configuration error already says where to read on.
  const readOn =
    error instanceof TargetFileError
      ? '\n\nSee conformance/harness/target/README.md for the target file format.'
      : ''
  console.error(`\n${error.message}${readOn}\n`)
  process.exit(2)
}

// Workers find the folder in the environment: the grants they share outlive a worker replaced after a failure.
// The main process makes it, clears an earlier run's foundation plan and results (and its target stop) before any
// worker can read them, and serves the run's local clients, so that every worker is the same client.
if (openRunGrantStore()) {
  clearFoundationPlan()
  clearFoundationResults()
  clearTargetStop()
  if (runTarget) await openRunLocalClients(runTarget)
  stopAsOnSigint()
}

// Decided in Playwright's main process only (its workers load this file too), never for a listing, and never over
// the user's --workers: more workers for a target far away (conformance/harness/time/run-workers.ts).
const workers = await runWorkers()
async function runWorkers(): Promise<number> {
  const chosen = process.argv.some((arg) => arg === '-j' || arg.startsWith('--workers'))
  if (reference) return reference.workers
  if (!runTarget || chosen || process.env.TEST_WORKER_INDEX !== undefined) return RUN_WORKERS
  if (process.argv.includes('--list')) return RUN_WORKERS
  const { workers, answerMs } = await workersFor(runTarget)
  if (workers !== RUN_WORKERS && answerMs !== undefined)
    console.log(
      `Workers: ${workers}, since the target answers in about ${Math.round(answerMs)} ms (--workers N chooses)`,
    )
  return workers
}

// `op-conformance run --reporter x` lands here (cli/run-command.ts): the console reporter is the user's
// choice, the reports and the verdict are always written.
const consoleReporters = (process.env[CONSOLE_REPORTER_ENV] || (process.env.CI ? 'line' : 'list'))
  .split(',')
  .map((name): [string] => [name.trim()])
const REFERENCE_LEDGER_PROJECT = 'reference-ledger'
const longWait = new RegExp(LONG_WAIT_TAG)
const longestWait = new RegExp(LONGEST_WAIT_TAG)
// .ts in a checkout, .js in the installed package (settings/suite-modules.ts).
const FOUNDATIONS_SPEC = /\/tests\/foundations\.spec\.[jt]s$/
// First of all: a failed test's trace holds the tokens it sent until this reporter rewrites it, and the others
// copy it (conformance/harness/http/trace-redaction-reporter.ts).
const TRACE_REDACTION: ReporterDescription = [
  new URL(suiteModule('./conformance/harness/http/trace-redaction-reporter.ts'), import.meta.url).pathname,
]
// A shard writes only Playwright's blob report: `op-conformance merge` makes every report, the verdict included,
// from all shards' results at once.
const reporters: ReporterDescription[] = [
  TRACE_REDACTION,
  FOUNDATION_PLAN,
  RELATIVE_PATHS,
  KEPT_WORKER_STATUS,
  ...consoleReporters,
  PROGRESS,
  ...(process.env[SHARD_ENV] ? [['blob', { outputDir: REPORT_PATHS.blob }] as ReporterDescription] : REPORTS),
]

export default defineConfig({
  outputDir: REPORT_PATHS.testResults,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers,
  timeout: reference?.testTimeoutMs ?? 60_000,
  expect: { timeout: 10_000 },
  // After the webServer is up (Playwright starts it first): a target that cannot be reached stops the run here.
  globalSetup: suiteModule('./conformance/harness/preflight/global-setup.ts'),
  reporter: reporters,
  // The browser consent driver launches this Chromium (see conformance/harness/consent/chromium.ts).
  // Traces only when asked for (OP_FAILURE_TRACES=1): recording one for every test, to keep it only where the test
  // failed, took 16 % of a run's CPU (175 to 147 CPU-s against the reference server), and a failure that keeps its
  // worker keeps no trace anyway. Every failure's exchanges and curl lines are attached either way.
  use: {
    trace: process.env[FAILURE_TRACES_ENV] === '1' ? 'retain-on-failure' : 'off',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    // First: the steps every other test needs (conformance/tests/foundations.spec.ts), in order, one worker. The
    // other workers start beside it, and each test waits for the steps it needs (foundations/foundation-plan.ts):
    // a dependency on this project starts them only once it ends, on 2 cores 4 s later with 6 workers, 9 s with
    // 12. Filters choose among its tests like any others'; a shard alone depends on it, so that every shard proves
    // the steps (Playwright runs a dependency whole in each shard).
    {
      name: VERDICT_PROJECTS.foundations,
      testDir: './conformance',
      testMatch: FOUNDATIONS_SPEC,
      fullyParallel: false,
      teardown: reference ? REFERENCE_LEDGER_PROJECT : undefined,
    },
    // Same tests folder, split by tag: the long waits are scheduled first (see reports/src/verdict-projects.ts).
    ...[
      { name: VERDICT_PROJECTS.longestWaits, grep: longestWait },
      { name: VERDICT_PROJECTS.longWaits, grep: longWait, grepInvert: longestWait },
      { name: VERDICT_PROJECTS.rest, grepInvert: longWait },
    ].map((split) => ({
      ...split,
      // Example tests, and the properties that search for the cases nobody wrote down.
      testDir: './conformance',
      testMatch: /\/(tests|properties)\/[^/]+\.spec\.[jt]s$/,
      testIgnore: FOUNDATIONS_SPEC,
      dependencies: process.env[SHARD_ENV] ? [VERDICT_PROJECTS.foundations] : [],
      teardown: reference ? REFERENCE_LEDGER_PROJECT : undefined,
    })),
    // Not part of the verdict: the reference server's own ledger, checked once the suite has run, pass or fail.
    ...(reference
      ? [
          {
            name: REFERENCE_LEDGER_PROJECT,
            testDir: './reference-run/after-suite',
            use: { baseURL: reference.publicUrl },
          },
        ]
      : []),
  ],
  webServer: reference && {
    // node itself, not npx: no npm start-up, and no npm warnings in the run's output.
    command: ['node', ...NODE_LOADER, suiteModule('reference-server/src/main.ts')].join(' '),
    url: `${reference.publicUrl}/healthz`,
    env: reference.env,
    reuseExistingServer: false,
    // Stretched by the machine's load like the suite's other limits: at load 20 on 2 cores the server took longer
    // to start than 60 s (a mutant run broke on it). A server that exits is seen at once anyway.
    timeout: referenceStartupMs(),
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
