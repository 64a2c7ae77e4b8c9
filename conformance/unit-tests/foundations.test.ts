import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import type { TestInfo } from '@playwright/test'
import { NO_STOP_ENV } from '../../settings/run-settings.ts'
import {
  clearFoundationResults,
  foundationStop,
  readFoundationResults,
  writeFoundationResult,
} from '../harness/foundations/foundation-results.ts'
import { FOUNDATION_ANNOTATION, foundation } from '../harness/foundations/foundation-steps.ts'
import { settleFoundation } from '../harness/foundations/need-foundation.ts'
import { KEPT_WORKER_NOTE, keepWorkerAfterRuleFailure } from '../harness/rules/kept-worker.ts'

const GRANT_FAILS =
  'not reached: a non-interactive grant fails: [GNAP-GRANT-IMMEDIATE] a grant carries access_token.value: POST /auth -> 200'

function withResultsFile(body: (file: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'foundations-test-'))
  try {
    body(join(dir, 'out', 'foundations.json'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A foundation test as its last teardown sees it. */
function foundationTest(
  step: string,
  status: TestInfo['status'],
  {
    errors = [] as string[],
    skip = undefined as string | undefined,
    exchange = undefined as string | undefined,
  } = {},
): TestInfo {
  return {
    status,
    expectedStatus: 'passed',
    retry: 0,
    project: { retries: 0 },
    annotations: [
      { type: FOUNDATION_ANNOTATION, description: step },
      ...(skip ? [{ type: 'skip', description: skip }] : []),
    ],
    errors: errors.map((message) => ({ message })),
    attachments: exchange ? [{ name: exchange, contentType: 'text/plain' }] : [],
    fail(this: TestInfo, condition: boolean, description?: string) {
      if (!condition) return
      this.expectedStatus = 'failed'
      this.annotations.push({ type: 'fail', description })
    },
  } as unknown as TestInfo
}

describe('foundation steps', () => {
  test('a foundation test declares its step beside its rules', () => {
    const details = foundation('grant', 'GNAP-GRANT-IMMEDIATE')
    assert.deepEqual(details.tag, ['@GNAP-GRANT-IMMEDIATE'])
    assert.deepEqual(details.annotation, [
      { type: FOUNDATION_ANNOTATION, description: 'grant' },
      { type: 'rule', description: 'GNAP-GRANT-IMMEDIATE' },
    ])
  })

  test('a failed step stops the tests that need it with its failure and exchange; the run goes on', () => {
    withResultsFile((file) => {
      const info = foundationTest('incoming-payment', 'failed', {
        errors: [
          'Error: [IP-CREATE] creating an incoming payment: the server answered 404; the spec requires 201\n\nPOST …',
        ],
        exchange: 'exchange 2: POST /incoming-payments -> 404',
      })
      settleFoundation(info, file)
      const reason =
        'not reached: creating and reading an incoming payment fails: [IP-CREATE] creating an incoming payment: ' +
        'the server answered 404; the spec requires 201 (exchange 2: POST /incoming-payments -> 404)'
      assert.deepEqual(readFoundationResults(file), [{ step: 'incoming-payment', outcome: 'fails', reason }])
      // Playwright runs no project after an unexpected failure: the failure is made expected, the status stays.
      assert.deepEqual([info.status, info.expectedStatus], ['failed', 'failed'])
      assert.equal(foundationStop('incoming-payment', readFoundationResults(file), {}), reason)
      assert.equal(
        foundationStop('incoming-payment', readFoundationResults(file), { [NO_STOP_ENV]: '1' }),
        undefined,
      )
      assert.equal(foundationStop('quote', readFoundationResults(file), {}), undefined)
    })
  })

  test('a step an earlier failure skipped is not reached, with the same reason; others stop nothing', () => {
    withResultsFile((file) => {
      settleFoundation(foundationTest('grant', 'passed'), file)
      settleFoundation(foundationTest('quote', 'skipped', { skip: GRANT_FAILS }), file)
      // Skipped by the target's settings, or cut short by the suite's own time: nothing is known of it.
      settleFoundation(
        foundationTest('outgoing-payment', 'skipped', { skip: 'set waits.settlementSeconds' }),
        file,
      )
      const timedOut = foundationTest('interactive-grant', 'timedOut')
      settleFoundation(timedOut, file)
      assert.equal(timedOut.expectedStatus, 'timedOut')
      const results = readFoundationResults(file)
      assert.deepEqual(results, [
        { step: 'grant', outcome: 'holds' },
        { step: 'quote', outcome: 'not reached', reason: GRANT_FAILS },
        { step: 'outgoing-payment', outcome: 'open' },
        { step: 'interactive-grant', outcome: 'open' },
      ])
      assert.equal(foundationStop('quote', results, {}), GRANT_FAILS)
      for (const step of ['grant', 'outgoing-payment', 'interactive-grant'] as const)
        assert.equal(foundationStop(step, results, {}), undefined)
    })
  })

  test('without the first stage nothing is known and nothing stops; a new run clears the last one', () => {
    withResultsFile((file) => {
      assert.deepEqual(readFoundationResults(file), [])
      writeFoundationResult({ step: 'grant', outcome: 'fails', reason: GRANT_FAILS }, file)
      clearFoundationResults(file)
      assert.deepEqual(readFoundationResults(file), [])
    })
  })

  test('a test that is no foundation leaves no result', () => {
    withResultsFile((file) => {
      const info = { ...foundationTest('grant', 'failed'), annotations: [] } as unknown as TestInfo
      settleFoundation(info, file)
      assert.deepEqual(readFoundationResults(file), [])
      assert.equal(info.expectedStatus, 'passed')
    })
  })
})

describe('a failure on the server’s answers keeps its worker', () => {
  const failed = (errors: string[], retry = 0, retries = 0) =>
    ({
      ...foundationTest('none', 'failed', { errors }),
      annotations: [],
      retry,
      project: { retries },
    }) as unknown as TestInfo

  test('every error names its rule: an expected failure, so Playwright keeps the worker', () => {
    const info = failed(['\u001b[31mError: [IP-GET] expected 404, got 401\u001b[39m', '[IP-CREATE] got 500'])
    keepWorkerAfterRuleFailure(info)
    assert.equal(info.expectedStatus, 'failed')
    assert.deepEqual(info.annotations, [{ type: 'fail', description: KEPT_WORKER_NOTE }])
  })

  test('an error naming no rule, a timeout, a pass, or an attempt a retry follows: a fresh worker', () => {
    for (const info of [
      failed(['[IP-GET] expected 404, got 401', 'TypeError: x is undefined']),
      { ...failed(['[IP-GET] expected 404']), status: 'timedOut' } as unknown as TestInfo,
      { ...failed([]), status: 'passed' } as unknown as TestInfo,
      failed(['[IP-GET] expected 404'], 0, 1),
    ]) {
      keepWorkerAfterRuleFailure(info)
      assert.equal(info.expectedStatus, 'passed')
    }
    const last = failed(['[IP-GET] expected 404'], 1, 1)
    keepWorkerAfterRuleFailure(last)
    assert.equal(last.expectedStatus, 'failed')
  })
})
