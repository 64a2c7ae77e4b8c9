import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { RULES } from '../../conformance/harness/rules/registry.ts'
import { plainErrorMessage } from '../../conformance/harness/rules/rules-named-in.ts'
import { testRecord } from '../../reports/src/test-record.ts'
import { computeVerdict, type RuleStatus, type RuleVerdict } from '../../reports/src/verdict.ts'
import { isVerdictProject } from '../../reports/src/verdict-projects.ts'
import { REPORT_DIR_ENV } from '../../settings/run-settings.ts'

/**
 * Runs Playwright with its JSON reporter and reads the report: what the mutant runners share. The JSON reporter
 * replaces the configured ones, so no HTML or Allure report is built for a run nobody will open.
 */

/** One test as the JSON report gives it. */
export interface FinishedTest {
  /** Describe path and test title, without the file. */
  title: string
  file: string
  project: string
  /** Status of the last attempt; undefined when the test never ran. */
  status: string | undefined
  annotations: { type: string; description?: string }[]
  errors: string[]
}

export interface SuiteRun {
  tests: FinishedTest[]
  /** Errors outside any test: the web server did not start, a spec file did not load. */
  errors: string[]
  stderr: string
}

export interface SuiteRunOptions {
  /** The repository to run in. */
  cwd: string
  specs: string[]
  /** Where the run writes its JSON report and test results (REPORT_DIR). */
  reportDir: string
  env: Record<string, string>
  workers?: number
  /** Only the tests whose title matches (Playwright --grep). */
  grep?: string
  /**
   * Whether the first stage (the foundations) runs beside `specs`: it is one spec file of the suite, which a run
   * of chosen files names (a whole run has it anyway); false leaves it out, with Playwright's --no-deps.
   */
  foundations?: boolean
}

interface JsonError {
  message?: string
}
interface JsonTest {
  projectName: string
  annotations: { type: string; description?: string }[]
  results: { status: string; errors: JsonError[]; annotations?: { type: string; description?: string }[] }[]
}
interface JsonSuite {
  title: string
  file: string
  specs?: { title: string; tests: JsonTest[] }[]
  suites?: JsonSuite[]
}
interface JsonReport {
  suites: JsonSuite[]
  errors: JsonError[]
}

const FOUNDATIONS_SPEC = 'conformance/tests/foundations.spec.ts'

/** Runs `npx --no-install playwright test <specs>` in `cwd`; throws when the run left no report at all. */
export async function runSuite(options: SuiteRunOptions): Promise<SuiteRun> {
  const jsonFile = join(options.reportDir, 'report.json')
  const specs =
    options.foundations === false || options.specs.length === 0 || options.specs.includes(FOUNDATIONS_SPEC)
      ? options.specs
      : [FOUNDATIONS_SPEC, ...options.specs]
  const args = ['--no-install', 'playwright', 'test', ...specs, '--reporter=json']
  if (options.workers !== undefined) args.push(`--workers=${options.workers}`)
  if (options.grep !== undefined) args.push('--grep', options.grep)
  // Without the first stage, nothing else a project runs for the specs either (the reference server's ledger).
  if (options.foundations === false) args.push('--no-deps')
  const child = spawn('npx', args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      ...options.env,
      [REPORT_DIR_ENV]: options.reportDir,
      PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', () => resolve())
  })
  if (!existsSync(jsonFile)) throw new Error(`the run left no report:\n${stderr}`)
  const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as JsonReport
  return { tests: testsOf(report), errors: report.errors.map(plainErrorMessage), stderr }
}

function testsOf(report: JsonReport): FinishedTest[] {
  const tests: FinishedTest[] = []
  const visit = (suite: JsonSuite, path: string[]) => {
    // The outermost suite of each file is titled with its path: leave it out of the titles.
    const here = suite.title === suite.file ? path : [...path, suite.title]
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const last = test.results.at(-1)
        tests.push({
          title: [...here, spec.title].join(' › '),
          file: suite.file,
          project: test.projectName,
          status: last?.status,
          annotations: [...test.annotations, ...(last?.annotations ?? [])],
          errors: (last?.errors ?? []).map(plainErrorMessage),
        })
      }
    }
    for (const child of suite.suites ?? []) visit(child, here)
  }
  for (const suite of report.suites) visit(suite, [])
  return tests
}

/** The verdict of each rule, computed as the verdict reporter does. */
export function ruleVerdicts(run: SuiteRun): RuleVerdict[] {
  const records = run.tests.filter((test) => isVerdictProject(test.project)).map(testRecord)
  return computeVerdict(RULES, records).rules
}

/** The rules the run's verdict gives `status`. */
export function rulesWithStatus(run: SuiteRun, status: RuleStatus): string[] {
  return ruleVerdicts(run)
    .filter((verdict) => verdict.status === status)
    .map((verdict) => verdict.rule.id)
}

/**
 * The rules the verdict fails, and each failed clause as `RULE#clause`: a failure blames the rules its messages
 * name, else every rule its test declares.
 */
export function failedRules(run: SuiteRun): string[] {
  return ruleVerdicts(run)
    .filter((verdict) => verdict.status === 'failed')
    .flatMap(({ rule, clauses }) => [
      rule.id,
      ...clauses.filter((clause) => clause.status === 'failed').map((clause) => `${rule.id}#${clause.id}`),
    ])
}
