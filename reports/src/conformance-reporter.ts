import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter'
import { RULE_ANNOTATION, WARNING_ANNOTATION } from '../../conformance/rules/covers.ts'
import { RULES } from '../../conformance/rules/registry.ts'
import { resolveTarget } from '../../conformance/target/resolve-target.ts'
import { headline } from './headline.ts'
import { renderVerdictMarkdown, summaryLines, type VerdictSubject } from './render-verdict.ts'
import { computeVerdict, observationsIn, type TestRecord } from './verdict.ts'
import { isVerdictProject } from './verdict-projects.ts'

interface Options {
  outputDir: string
}

// Playwright colours error messages; the verdict files are plain text.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

/** Writes the rule-by-rule verdict (JSON and Markdown) and prints its summary when the run ends. */
export default class ConformanceReporter implements Reporter {
  readonly #records = new Map<string, TestRecord>()
  readonly #outputDir: string
  #suite: Suite | undefined

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

  onTestEnd(test: TestCase, result: TestResult): void {
    if (!this.#counts(test)) return
    const annotations = [...test.annotations, ...result.annotations]
    const skip = annotations.find((a) => a.type === 'skip')
    this.#records.set(test.id, {
      title: test.titlePath().slice(1).filter(Boolean).join(' › '),
      file: relative(process.cwd(), test.location.file),
      outcome: result.status === 'passed' ? 'passed' : result.status === 'skipped' ? 'skipped' : 'failed',
      rules: [
        ...new Set(annotations.filter((a) => a.type === RULE_ANNOTATION).map((a) => a.description ?? '')),
      ],
      errors: result.errors.map((e) => (e.message ?? String(e.value)).replace(ANSI, '')),
      warnings: [
        ...new Set(annotations.filter((a) => a.type === WARNING_ANNOTATION).map((a) => a.description ?? '')),
      ],
      skipReason: skip?.description,
      ...observationsIn(annotations),
    })
  }

  onEnd(result: FullResult): void {
    if (process.argv.includes('--list')) return
    // Tests that never ended because the run was cut short count as failed, not as absent.
    for (const test of this.#suite?.allTests() ?? []) {
      if (this.#records.has(test.id) || !this.#counts(test)) continue
      const message = `the test did not run to its end: the run was ${result.status}`
      this.onTestEnd(test, {
        status: 'interrupted',
        errors: [{ message }],
        annotations: [],
      } as unknown as TestResult)
    }
    const verdict = computeVerdict(RULES, [...this.#records.values()])
    mkdirSync(this.#outputDir, { recursive: true })
    const jsonPath = join(this.#outputDir, 'verdict.json')
    const markdownPath = join(this.#outputDir, 'verdict.md')
    const target = resolveTarget()
    const subject: VerdictSubject = {
      target: target.name,
      walletAddresses: { ...target.walletAddresses },
      suiteVersion: suiteVersion(),
      finishedAt: new Date().toISOString(),
    }
    writeFileSync(
      jsonPath,
      `${JSON.stringify({ runStatus: result.status, ...subject, ...verdict }, null, 2)}\n`,
    )
    writeFileSync(markdownPath, renderVerdictMarkdown(verdict, subject))

    const lines = [
      '',
      `Conformance verdict: ${headline(verdict)} (run ${result.status})`,
      ...summaryLines(verdict),
      `  verdict: ${relative(process.cwd(), markdownPath)}`,
      `conformance: ${verdict.tests.passed} passed, ${verdict.tests.failed} failed, ${verdict.tests.skipped} skipped`,
      '',
    ]
    process.stdout.write(lines.join('\n'))
  }
}

function suiteVersion(): string {
  const manifest = new URL('../../package.json', import.meta.url)
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}
