import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import type { TestInfo } from '@playwright/test'
import { BASELINE_ENV } from '../../settings/run-settings.ts'
import { baselineReasonsFor, expectFailureIfBaselined } from '../harness/rules/expected-failure.ts'

const BASELINE = {
  expectedFailures: [
    { rule: 'IP-GET', reason: 'unknown ids answer 401' },
    { rule: 'QT-GET', reason: 'unknown quotes answer 401' },
    { test: 'quotes › any mix of amounts', reason: 'a property on a deviation' },
  ],
}
const TITLE = 'conformance › conformance/tests/reads.spec.ts › reads › an unknown id is not found'
const reasons = (errors: string[], title = TITLE) => baselineReasonsFor(BASELINE, { title, errors })

describe('a failure the baseline expects', () => {
  test('every message names listed rules: the entries give the reasons, each once', () => {
    assert.deepEqual(
      reasons([
        'Error: [IP-GET] expected 404, got 401',
        '[QT-GET] expected 404, got 401\n[IP-GET] and again',
      ]),
      ['unknown ids answer 401', 'unknown quotes answer 401'],
    )
  })

  test('a rule the baseline does not list, beside a listed one, is not expected', () => {
    assert.equal(reasons(['[IP-GET] expected 404, got 401\n[IP-CREATE] expected 201, got 500']), undefined)
  })

  test('a message that names no rule is not expected, nor a failure without messages', () => {
    assert.equal(reasons(['[IP-GET] expected 404, got 401', 'TypeError: x is undefined']), undefined)
    assert.equal(reasons([]), undefined)
  })

  test('a test entry expects its test by the end of the title, whatever failed', () => {
    const title = 'conformance › conformance/properties/quotes.spec.ts › quotes › any mix of amounts'
    assert.deepEqual(reasons(['TypeError: x is undefined'], title), ['a property on a deviation'])
    assert.equal(reasons(['TypeError: x is undefined'], `${title} again`), undefined)
  })

  test('a full title names its test whether the suite runs from a checkout (.spec.ts) or the package (.spec.js)', () => {
    const baseline = { expectedFailures: [{ test: TITLE, reason: 'unknown ids answer 401' }] }
    const fromPackage = TITLE.replace('reads.spec.ts', 'reads.spec.js')
    assert.deepEqual(baselineReasonsFor(baseline, { title: fromPackage, errors: ['x'] }), [
      'unknown ids answer 401',
    ])
    const otherFile = TITLE.replace('reads.spec.ts', 'writes.spec.js')
    assert.equal(baselineReasonsFor(baseline, { title: otherFile, errors: ['x'] }), undefined)
  })
})

describe('marking it for Playwright', () => {
  test('only a failed test whose failure the run baseline expects is marked, with the file and the reasons', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'baseline-')), 'baseline.json')
    writeFileSync(file, JSON.stringify(BASELINE))
    process.env[BASELINE_ENV] = file
    const marked: (string | undefined)[] = []
    const info = (status: string, message: string) =>
      ({
        status,
        expectedStatus: 'passed',
        project: { name: 'conformance' },
        titlePath: ['conformance/tests/reads.spec.ts', 'reads', 'an unknown id is not found'],
        // Playwright colours messages: the prefix is read through the colour codes.
        errors: [{ message: `\u001b[31m${message}\u001b[39m` }],
        fail: (condition: boolean, description?: string) => condition && marked.push(description),
      }) as unknown as TestInfo
    try {
      expectFailureIfBaselined(info('failed', '[IP-GET] expected 404, got 401'))
      expectFailureIfBaselined(info('failed', '[IP-CREATE] expected 201, got 500'))
      expectFailureIfBaselined(info('timedOut', '[IP-GET] expected 404, got 401'))
      expectFailureIfBaselined(info('passed', ''))
    } finally {
      delete process.env[BASELINE_ENV]
    }
    assert.deepEqual(marked, [`expected by the baseline ${file}: unknown ids answer 401`])
  })
})
