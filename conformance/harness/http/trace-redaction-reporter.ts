import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'
import { runTokenList } from './redact-tokens.ts'
import { redactTraceArchive } from './redact-trace.ts'
import { writeZip } from './zip-entries.ts'

/**
 * Redacts the tokens in each failed test's Playwright trace before any other reporter copies it (the HTML report's
 * data/, Allure's results, a shard's blob): listed first in playwright.config.ts, and synchronous, since Playwright
 * does not await onTestEnd. The trace in test-results/ is rewritten in place, so every copy is redacted.
 */
export default class TraceRedactionReporter implements Reporter {
  onTestEnd(_test: TestCase, result: TestResult): void {
    const traces = result.attachments.filter(
      (attachment) => attachment.path?.endsWith('.zip') && existsSync(attachment.path),
    )
    if (traces.length === 0) return
    const list = runTokenList()
    const known = list && existsSync(list) ? readFileSync(list, 'utf8').split('\n') : []
    for (const trace of traces) {
      try {
        redactTraceArchive(trace.path!, known)
      } catch (error) {
        // A trace that cannot be rewritten is not kept as it is: it would hand its tokens to every report.
        writeFileSync(
          trace.path!,
          writeZip([{ name: 'redaction-failed.txt', data: Buffer.from(String(error)) }]),
        )
        console.error(
          `op-conformance: ${trace.path}: the trace could not be redacted, so it was emptied: ${error}`,
        )
      }
    }
  }

  printsToStdio(): boolean {
    return false
  }
}
