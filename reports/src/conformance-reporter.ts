import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter'
import { loadBaseline } from '../../conformance/harness/rules/baseline-file.ts'
import { CONSENT_ANNOTATION, LATENCY_ANNOTATION } from '../../conformance/harness/rules/findings.ts'
import { RULES } from '../../conformance/harness/rules/registry.ts'
import { plainErrorMessage } from '../../conformance/harness/rules/rules-named-in.ts'
import { resolveTarget } from '../../conformance/harness/target/resolve-target.ts'
import { sameTargetOptions } from '../../settings/rerun-command.ts'
import { BASELINE_ENV } from '../../settings/run-settings.ts'
import { summariseLatency } from './latency.ts'
import { renderJunit } from './render-junit.ts'
import { baselineLines, renderVerdictMarkdown, summaryLines } from './render-verdict.ts'
import { renderVerdictHtml } from './render-verdict-html.ts'
import { readRuleProof } from './rule-proof-file.ts'
import { specIdentity, suiteIdentity } from './run-subject.ts'
import { firstLine, INTERRUPTED_CUT, testRecord } from './test-record.ts'
import { computeVerdict, type TestRecord } from './verdict.ts'
import { buildVerdictDocument, type Evidence } from './verdict-document.ts'
import { isVerdictProject } from './verdict-projects.ts'
import { RECORDS_FILE, recordsFileText } from './verdict-records.ts'

interface Options {
  outputDir: string
}

/** Evidence is for reading: a longer exchange is cut, the HTML report keeps it whole. */
const EVIDENCE_LIMIT = 20_000

/** Writes the rule-by-rule verdict (JSON, Markdown, HTML, JUnit) and prints its summary when the run ends. */
export default class ConformanceReporter implements Reporter {
  readonly #records = new Map<string, TestRecord>()
  readonly #evidence: Record<string, Evidence[]> = {}
  readonly #latency: Record<string, number[]>[] = []
  readonly #consentDrivers = new Set<string>()
  readonly #otherFailures: string[] = []
  readonly #outputDir: string
  #suite: Suite | undefined
  /** Playwright reported an error before any test ran, other than finding none: the set-up failed, not a filter. */
  #setupFailed = false

  constructor(options: Options) {
    this.#outputDir = options.outputDir
  }

  #counts(test: TestCase): boolean {
    return isVerdictProject(test.parent.project()?.name)
  }

  printsToStdio(): boolean {
    return true
  }

  onBegin(_config: unknown, suite: Suite): void {
    this.#suite = suite
  }

  onError(error: TestError): void {
    if (!this.#suite && !/^No tests found/.test(error.message ?? '')) this.#setupFailed = true
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const title = titleOf(test)
    if (!this.#counts(test)) {
      if (result.status !== 'passed' && result.status !== 'skipped') this.#otherFailures.push(title)
      return
    }
    const annotations = [...test.annotations, ...result.annotations]
    const record = testRecord({
      title,
      file: relative(process.cwd(), test.location.file),
      status: result.status,
      timeout: test.timeout,
      annotations,
      errors: result.errors.map(plainErrorMessage),
    })
    // Each attempt ends here, and in a merge each shard's run of a test the shards share (the foundation steps
    // every shard proves): one record a test, by its title (project, file, describe blocks, title: unique in a
    // run), never by Playwright's id, which a merge makes unique per shard. A pass after a failure is flaky.
    const earlier = this.#records.get(title)
    const earlierFailure =
      earlier?.flaky ?? (earlier?.outcome === 'failed' ? firstLine(earlier.errors.join('\n')) : undefined)
    if (record.outcome === 'passed' && earlierFailure !== undefined) record.flaky = earlierFailure
    this.#records.set(title, record)
    for (const a of annotations) {
      if (a.type === CONSENT_ANNOTATION && a.description) this.#consentDrivers.add(a.description)
      if (a.type === LATENCY_ANNOTATION && a.description) this.#latency.push(JSON.parse(a.description))
    }
    const exchanges = result.attachments.filter((a) => a.body && a.contentType === 'text/plain')
    if (record.outcome === 'failed' && exchanges.length > 0) {
      this.#evidence[title] = exchanges.map((a) => ({ name: a.name, body: cut(a.body!.toString('utf8')) }))
    }
  }

  onEnd(result: FullResult): void {
    if (process.argv.includes('--list')) return
    // A filter that selects no test (--grep, a file name) leaves nothing to judge: no verdict, and the command
    // exits 2 (cli/run-command.ts), as for any run that could not start.
    if (!this.#suite?.allTests().some((test) => this.#counts(test))) {
      rmSync(this.#outputDir, { recursive: true, force: true })
      // A reference server that did not start has said so above; blaming the filters would mislead, and so would
      // it after a run stopped (Ctrl-C, a cancelled job) before its first test.
      if (result.status === 'interrupted')
        process.stderr.write('\nThe run was stopped before any test ended: no verdict was written.\n')
      else if (!this.#setupFailed)
        process.stderr.write("\nNo test of the suite matched the run's filters: no verdict was written.\n")
      return
    }
    // Tests that never ended because the run was cut short are not tested (test-record.ts), never absent.
    for (const test of this.#suite?.allTests() ?? []) {
      if (this.#records.has(titleOf(test)) || !this.#counts(test)) continue
      const message = `the test did not run to its end: the run was ${result.status}`
      this.onTestEnd(test, {
        status: 'interrupted',
        errors: [{ message }],
        annotations: [],
        attachments: [],
      } as unknown as TestResult)
    }
    const stoppedTests = [...this.#records.values()].filter((r) => r.skipReason === INTERRUPTED_CUT).length
    const target = resolveTarget()
    const baselineFile = process.env[BASELINE_ENV]
    const records = [...this.#records.values()]
    const document = buildVerdictDocument({
      verdict: computeVerdict(RULES, records),
      subject: {
        target: target.name,
        walletAddresses: { ...target.walletAddresses },
        suite: suiteIdentity(),
        spec: specIdentity(),
        consentDrivers: [...this.#consentDrivers].sort(),
        finishedAt: new Date().toISOString(),
        latency: summariseLatency(this.#latency),
      },
      runStatus: result.status,
      stoppedTests,
      records,
      otherFailures: this.#otherFailures,
      evidence: this.#evidence,
      sameTarget: sameTargetOptions(),
      baseline: baselineFile ? loadBaseline(baselineFile) : undefined,
    })
    mkdirSync(this.#outputDir, { recursive: true })
    const write = (name: string, text: string) => writeFileSync(join(this.#outputDir, name), text)
    write('verdict.json', `${JSON.stringify(document, null, 2)}\n`)
    write('verdict.md', renderVerdictMarkdown(document))
    write('verdict.html', renderVerdictHtml(document, readRuleProof()))
    write('junit.xml', renderJunit(document))
    write(RECORDS_FILE, recordsFileText('server', records))

    // Failed tests that Playwright ran as expected failures: the baseline expects them (expected-failure.ts), or they
    // are foundation steps; the others that kept their worker are failed again (kept-worker-status-reporter.ts).
    const expectedFailures = new Set(
      (this.#suite?.allTests() ?? [])
        .filter(
          (test) =>
            test.expectedStatus !== 'passed' && this.#records.get(titleOf(test))?.outcome === 'failed',
        )
        .map(titleOf),
    ).size
    const lines = [
      '',
      `Conformance verdict: ${document.headline} (run ${result.status})`,
      ...summaryLines(document),
      ...baselineLines(document),
      `conformance: ${document.tests.passed} passed, ${document.tests.failed} failed${expectedNote(expectedFailures)}, ${document.tests.skipped} skipped${stoppedTests > 0 ? ` (${stoppedTests} of them stopped by the interruption)` : ''}`,
      '',
    ]
    process.stdout.write(lines.join('\n'))
  }
}

/** The test as the verdict names it: project, file, describe blocks and title. */
function titleOf(test: TestCase): string {
  return test.titlePath().slice(1).filter(Boolean).join(' › ')
}

// Playwright's own summary counts these among the passed tests.
function expectedNote(count: number): string {
  return count > 0
    ? ` (${count} run as expected failures, by the baseline or as foundation steps, which Playwright's summary counts as passed)`
    : ''
}

function cut(text: string): string {
  return text.length > EVIDENCE_LIMIT
    ? `${text.slice(0, EVIDENCE_LIMIT)}\n... (cut; the HTML report has it all)`
    : text
}
