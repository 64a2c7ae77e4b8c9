import { existsSync, readFileSync } from 'node:fs'
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'
import { runTokenList } from './redact-tokens.ts'
import { redactTraceArchive } from './redact-trace.ts'

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
    for (const trace of traces) redactTraceArchive(trace.path!, known)
  }

  printsToStdio(): boolean {
    return false
  }
}
