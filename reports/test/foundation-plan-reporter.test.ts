import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import type { FullConfig, Suite, TestCase } from '@playwright/test/reporter'
import {
  awaitFoundation,
  readFoundationPlan,
  writeFoundationPlan,
} from '../../conformance/harness/foundations/foundation-plan.ts'
import {
  readFoundationResults,
  writeFoundationResult,
} from '../../conformance/harness/foundations/foundation-results.ts'
import { FOUNDATION_ANNOTATION } from '../../conformance/harness/foundations/foundation-steps.ts'
import FoundationPlanReporter from '../src/foundation-plan-reporter.ts'

async function withResultsFile(body: (file: string) => Promise<void> | void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'foundation-plan-reporter-test-'))
  try {
    await body(join(dir, 'out', 'foundations.json'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A test as the main process's reporters see it: its project and its annotations. */
function testCase(project: string, step?: string): TestCase {
  return {
    parent: { project: () => ({ name: project }) },
    annotations: step ? [{ type: FOUNDATION_ANNOTATION, description: step }] : [],
  } as unknown as TestCase
}

describe('the foundation plan reporter', () => {
  test('plans the foundations project’s steps before the run, and no other project’s', async () => {
    await withResultsFile((file) => {
      const tests = [
        testCase('foundations', 'wallet-addresses'),
        testCase('foundations', 'grant'),
        testCase('conformance', 'quote'),
        testCase('conformance'),
      ]
      new FoundationPlanReporter({ file }).onBegin(
        {} as FullConfig,
        { allTests: () => tests } as unknown as Suite,
      )
      assert.deepEqual(readFoundationPlan(file), ['wallet-addresses', 'grant'])
    })
  })

  test('makes a step whose test ended without a result (its worker died) open: nothing waits on it', async () => {
    await withResultsFile(async (file) => {
      const reporter = new FoundationPlanReporter({ file })
      writeFoundationPlan(['grant', 'quote'], file)
      writeFoundationResult({ step: 'grant', outcome: 'fails', reason: 'not reached: …' }, file)
      reporter.onTestEnd(testCase('foundations', 'grant'))
      reporter.onTestEnd(testCase('foundations', 'quote'))
      reporter.onTestEnd(testCase('conformance', 'incoming-payment'))
      assert.deepEqual(readFoundationResults(file), [
        { step: 'grant', outcome: 'fails', reason: 'not reached: …' },
        { step: 'quote', outcome: 'open' },
      ])
      assert.equal(await awaitFoundation('quote', file, 10), 0)
    })
  })
})
