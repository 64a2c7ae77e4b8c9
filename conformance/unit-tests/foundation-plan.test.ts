import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import {
  awaitFoundation,
  clearFoundationPlan,
  foundationWaitMs,
  readFoundationPlan,
  writeFoundationPlan,
} from '../harness/foundations/foundation-plan.ts'
import { readFoundationResults, writeFoundationResult } from '../harness/foundations/foundation-results.ts'

async function withResultsFile(body: (file: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'foundation-plan-test-'))
  try {
    await body(join(dir, 'out', 'foundations.json'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('the first stage runs beside the rest, which waits for the steps it needs', () => {
  test('a planned step is waited for until its result is written; the wait is measured', async () => {
    await withResultsFile(async (file) => {
      writeFoundationPlan(['grant', 'quote'], file)
      setTimeout(() => writeFoundationResult({ step: 'grant', outcome: 'holds' }, file), 150)
      const before = foundationWaitMs()
      const waited = await awaitFoundation('grant', file, 10)
      assert.ok(waited >= 100, `waited ${waited} ms`)
      assert.equal(foundationWaitMs() - before, waited, 'the worker counts it, for the searches it held up')
      assert.deepEqual(readFoundationResults(file), [{ step: 'grant', outcome: 'holds' }])
      assert.equal(await awaitFoundation('grant', file, 10), 0)
    })
  })

  test('a step the stage does not plan, or a run without the stage, waits for nothing', async () => {
    await withResultsFile(async (file) => {
      assert.equal(await awaitFoundation('grant', file, 10), 0)
      writeFoundationPlan(['wallet-addresses'], file)
      assert.equal(await awaitFoundation('grant', file, 10), 0)
      clearFoundationPlan(file)
      assert.deepEqual(readFoundationPlan(file), [])
    })
  })
})
