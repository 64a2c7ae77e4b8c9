import { RULE_ANNOTATION, WARNING_ANNOTATION } from '../../conformance/rules/covers.ts'
import { observationsIn, type TestRecord } from './verdict.ts'

type Annotation = { type: string; description?: string }

/** One finished test, as the verdict reporter (Playwright's TestResult) and the mutant runner (its JSON report) see it. */
export interface FinishedTestResult {
  /** Describe path and test title, without the file. */
  title: string
  file: string
  /** Playwright's status of the (last) attempt; undefined when the test never ran. */
  status: string | undefined
  /** The test's and its result's annotations. */
  annotations: readonly Annotation[]
  /** Failure messages, as plainErrorMessage gives them. */
  errors: readonly string[]
}

// Playwright colours messages; the `[RULE-ID]` prefixes must start their line to be read.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

/** An error of Playwright's (a test's, or the run's) as plain text. */
export function plainErrorMessage(error: { message?: string; value?: unknown }): string {
  return (error.message ?? String(error.value ?? '')).replace(ANSI, '')
}

/** What the verdict needs to know of one finished test: the one way both readers of a run build it. */
export function testRecord(test: FinishedTestResult): TestRecord {
  const described = (type: string) => [
    ...new Set(test.annotations.filter((a) => a.type === type).map((a) => a.description ?? '')),
  ]
  return {
    title: test.title,
    file: test.file,
    outcome: test.status === 'passed' ? 'passed' : test.status === 'skipped' ? 'skipped' : 'failed',
    rules: described(RULE_ANNOTATION),
    errors: [...test.errors],
    warnings: described(WARNING_ANNOTATION),
    skipReason: test.annotations.find((a) => a.type === 'skip')?.description,
    ...observationsIn(test.annotations),
  }
}
