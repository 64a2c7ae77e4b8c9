import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { RULE_ANNOTATION } from '../../conformance/harness/rules/covers.ts'
import { PROPERTY_ANNOTATION } from '../../conformance/harness/rules/findings.ts'
import { EXIT } from '../src/exit-status.ts'
import { summaryLines } from '../src/render-verdict.ts'
import { INTERRUPTED_CUT, testRecord } from '../src/test-record.ts'
import { computeVerdict } from '../src/verdict.ts'
import { buildVerdictDocument } from '../src/verdict-document.ts'
import { SAMPLE_RECORDS, SAMPLE_RULES, SAMPLE_SUBJECT } from './sample-verdict.ts'

/** A test Playwright reports as the run stopped it (SIGINT, SIGTERM), or that never ended (the reporter adds it). */
const stopped = (title: string, rule: string) =>
  testRecord({
    title,
    file: 'conformance/tests/x.spec.ts',
    status: 'interrupted',
    annotations: [
      { type: RULE_ANNOTATION, description: rule },
      // What a property's search says as it is stopped: no counterexample, whatever fast-check made of it.
      {
        type: PROPERTY_ANNOTATION,
        description: JSON.stringify({ name: 'p', runs: 0, numRuns: 25, stopped: 'counterexample' }),
      },
    ],
    errors: ['the test did not run to its end: the run was interrupted'],
  })

/** Rules only the stopped tests are about. */
const RULES = [
  ...SAMPLE_RULES,
  { id: 'STOP-A', level: 'MUST' as const, section: 'Quote', statement: 'a' },
  { id: 'STOP-B', level: 'MUST' as const, section: 'Quote', statement: 'b' },
]

/** The sample run, its last tests stopped by Ctrl-C: the stopped ones declare rules nothing else decided. */
function interruptedRun(count: number) {
  const records = [
    ...SAMPLE_RECORDS,
    ...Array.from({ length: count }, (_, i) => stopped(`stopped ${i}`, i % 2 ? 'STOP-A' : 'STOP-B')),
  ]
  const verdict = computeVerdict(RULES, records)
  const document = buildVerdictDocument({
    verdict,
    subject: SAMPLE_SUBJECT,
    runStatus: 'interrupted',
    stoppedTests: count,
    otherFailures: [],
    evidence: {},
  })
  return { verdict, document }
}

describe('an interrupted run', () => {
  test('a stopped test is not tested, never failed: it charges no rule and blames no limit', () => {
    const record = stopped('stopped', 'STOP-A')
    assert.deepEqual(
      {
        outcome: record.outcome,
        errors: record.errors,
        skipReason: record.skipReason,
        unchecked: record.unchecked,
      },
      { outcome: 'skipped', errors: [], skipReason: INTERRUPTED_CUT, unchecked: ['STOP-A'] },
    )
    const { verdict } = interruptedRun(500)
    const qt = verdict.rules.find((r) => r.rule.id === 'STOP-A')!
    assert.equal(qt.status, 'skipped')
    assert.deepEqual(qt.reasons, [INTERRUPTED_CUT])
    assert.deepEqual(verdict.cutShort, [])
    assert.deepEqual(verdict.properties, [])
    // The sample's own failure stands: it was decided before the run was stopped.
    assert.equal(verdict.tests.failed, 1)
  })

  test('says INTERRUPTED with exit status 5, in a headline that counts instead of listing', () => {
    const { document } = interruptedRun(563)
    assert.equal(document.exitCode, EXIT.interrupted)
    assert.match(
      document.headline,
      /^INTERRUPTED: the run was stopped before its end, 563 tests of 569 did not end/,
    )
    assert.doesNotMatch(document.headline, /--timeout|own limits|stopped \d/)
    // As long for 563 stopped tests as for 3: the headline names no test.
    assert.equal(
      document.headline.length,
      interruptedRun(3).document.headline.replace('3 tests of 9', '563 tests of 569').length,
    )
    assert.ok(document.headline.length < 300, document.headline)
  })

  test('the console counts the rules it left untested, and lists only what was decided', () => {
    const { document } = interruptedRun(4)
    const lines = summaryLines(document)
    assert.ok(
      lines.includes('  2 rules not tested: the run was interrupted before their tests ended'),
      lines.join('\n'),
    )
    assert.ok(!lines.some((line) => line.includes('STOP-')), lines.join('\n'))
    assert.ok(
      lines.some((line) => line.includes('IP-GET')),
      lines.join('\n'),
    )
  })
})
