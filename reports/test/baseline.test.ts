import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import type { BaselineError } from '../../conformance/harness/rules/baseline-error.ts'
import { loadBaseline } from '../../conformance/harness/rules/baseline-file.ts'
import { baselineLines } from '../src/render-verdict.ts'
import { computeVerdict, type TestRecord } from '../src/verdict.ts'
import { buildVerdictDocument } from '../src/verdict-document.ts'
import { SAMPLE_RECORDS, SAMPLE_RULES, SAMPLE_SUBJECT } from './sample-verdict.ts'
import { saw } from './saw.ts'

// The sample leaves TOKEN-EXPIRY (MUST) not tested: the baselines accept that gap unless a test says otherwise.
const TOKEN_GAP = [{ rule: 'TOKEN-EXPIRY', reason: 'tokens live 600 s' }]
const withBaseline = (
  expectedFailures: { rule?: string; test?: string; reason: string }[],
  expectedUntested = TOKEN_GAP,
  verdict = computeVerdict(SAMPLE_RULES, SAMPLE_RECORDS),
) =>
  buildVerdictDocument({
    verdict,
    subject: SAMPLE_SUBJECT,
    runStatus: 'failed',
    otherFailures: [],
    evidence: {},
    baseline: { file: 'baseline.json', expectedFailures, expectedUntested },
  })

describe('baseline of expected failures', () => {
  test('without a baseline a failed spec rule fails the run', () => {
    const document = buildVerdictDocument({
      verdict: computeVerdict(SAMPLE_RULES, SAMPLE_RECORDS),
      subject: SAMPLE_SUBJECT,
      runStatus: 'failed',
      otherFailures: [],
      evidence: {},
    })
    assert.equal(document.exitCode, 1)
  })

  test('a listed rule does not fail the run, and the verdict still names it', () => {
    const document = withBaseline([{ rule: 'IP-GET', reason: 'answers 401' }])
    assert.equal(document.exitCode, 0)
    assert.deepEqual(document.baseline?.expected, [{ rule: 'IP-GET', reasons: ['answers 401'] }])
    assert.match(document.headline, /^NOT CONFORMANT/)
    assert.equal(document.conformant, false)
  })

  test('the console says what the exit status means once the baseline is applied, and why a run is incomplete', () => {
    assert.match(
      baselineLines(withBaseline([{ rule: 'IP-GET', reason: 'answers 401' }])).at(-1)!,
      /^ {2}with the baseline: CONFORMANT \(exit 0\): every failure and gap is one the baseline expects$/,
    )
    assert.match(
      baselineLines(withBaseline([{ rule: 'IP-GET', reason: 'answers 401' }], [])).at(-1)!,
      /^ {2}with the baseline: INCOMPLETE \(exit 3\): every failure is one the baseline expects, but TOKEN-EXPIRY not tested$/,
    )
  })

  test('a listed test excuses the rules its failure fails', () => {
    const document = withBaseline([{ test: 'reads an unknown id', reason: 'answers 401' }])
    assert.equal(document.exitCode, 0)
    assert.deepEqual(document.baseline?.unexpected, [])
  })

  test('a listed test may be named by its end (describe › title), not only its full title', () => {
    const full = computeVerdict(SAMPLE_RULES, SAMPLE_RECORDS)
      .rules.flatMap((r) => r.tests)
      .find((t) => t.outcome === 'failed')!.title
    const end = full.split(' › ').slice(-1)[0]!
    assert.equal(withBaseline([{ test: end, reason: 'answers 401' }]).exitCode, 0)
    assert.equal(withBaseline([{ test: `x${end}`, reason: 'not a title end' }]).exitCode, 1)
  })

  test('an unlisted failure still fails the run', () => {
    const document = withBaseline([{ rule: 'QT-X', reason: 'unrelated' }])
    assert.equal(document.exitCode, 1)
    assert.deepEqual(document.baseline?.unexpected, ['IP-GET'])
    assert.deepEqual(document.baseline?.stale, [], 'a rule that did not run is not stale')
  })

  test('a listed failure that now passes fails the run as stale', () => {
    const document = withBaseline([
      { rule: 'IP-GET', reason: 'answers 401' },
      { rule: 'IP-CREATE', reason: 'fixed since' },
      { test: 'creates', reason: 'fixed too' },
    ])
    assert.equal(document.exitCode, 1)
    assert.deepEqual(
      document.baseline?.stale.map((s) => s.why),
      ['IP-CREATE now passes', 'the test "creates" now passes'],
    )
  })

  test('a listed rule that passed while one of its tests stopped before its check is unconfirmed, not stale', () => {
    const stopped: TestRecord = {
      title: 'of payments into one incoming payment, the undeliverable are marked failed',
      file: 'x.spec.ts',
      outcome: 'failed',
      rules: ['IP-CREATE'],
      errors: ['page.waitForResponse: Target page, context or browser has been closed'],
      warnings: [],
      // It had checked the rule once before it stopped, short of the step that shows the deviation.
      observations: saw(['IP-CREATE']),
    }
    const document = withBaseline(
      [
        { rule: 'IP-GET', reason: 'answers 401' },
        { rule: 'IP-CREATE', reason: 'the undeliverable end completed' },
      ],
      TOKEN_GAP,
      computeVerdict(SAMPLE_RULES, [...SAMPLE_RECORDS, stopped]),
    )
    assert.deepEqual(document.baseline?.stale, [])
    assert.deepEqual(
      document.baseline?.unconfirmed.map((u) => u.why),
      [
        `IP-CREATE passed where its checks ran, but "${stopped.title}" stopped before its end: ` +
          'page.waitForResponse: Target page, context or browser has been closed',
      ],
    )
    assert.equal(document.exitCode, 0, 'an unconfirmed entry does not fail the run')
  })

  test('a listed rule whose clause this run never exercised is unconfirmed, never stale', () => {
    const moot = computeVerdict(
      [{ id: 'OP-FAILED', level: 'MUST', section: 's', statement: 'failed' }],
      [
        {
          title: 'concurrent payments',
          file: 'f.spec.ts',
          outcome: 'passed',
          rules: ['OP-FAILED'],
          errors: [],
          warnings: [],
          observations: saw(['OP-FAILED'], 'not-applicable'),
        },
      ],
      { filtered: false },
    )
    const document = withBaseline(
      [{ rule: 'OP-FAILED', reason: 'undeliverable payments stay pending' }],
      [],
      moot,
    )
    assert.deepEqual(document.baseline?.stale, [])
    assert.match(
      document.baseline?.unconfirmed[0]?.why ?? '',
      /^unconfirmed: OP-FAILED was not exercised this run/,
    )
  })

  test('in a filtered run a listed rule that passes is not stale: the run may leave out the test that shows it', () => {
    const document = withBaseline(
      [
        { rule: 'IP-GET', reason: 'answers 401' },
        { rule: 'IP-CREATE', reason: 'a 500 on 2^63' },
      ],
      TOKEN_GAP,
      computeVerdict(SAMPLE_RULES, SAMPLE_RECORDS, { filtered: true }),
    )
    assert.deepEqual(document.baseline?.stale, [])
    assert.deepEqual(document.baseline?.unexpected, [])
  })

  test('a spec MUST rule not tested exits INCOMPLETE (3) unless the baseline lists it as expected untested', () => {
    const failure = [{ rule: 'IP-GET', reason: 'answers 401' }]
    assert.equal(withBaseline(failure, []).exitCode, 3)
    const accepted = withBaseline(failure)
    assert.equal(accepted.exitCode, 0)
    assert.deepEqual(accepted.baseline?.untested, TOKEN_GAP)
  })

  test('an expected-untested rule that is now tested and passes is stale', () => {
    const document = withBaseline(
      [{ rule: 'IP-GET', reason: 'answers 401' }],
      [{ rule: 'IP-CREATE', reason: 'no incoming payments' }],
    )
    assert.equal(document.exitCode, 1)
    assert.deepEqual(
      document.baseline?.stale.map((s) => s.why),
      ['IP-CREATE is now tested and passes'],
    )
  })

  test('a filtered run exits NO VERDICT (4), a failure in it NOT CONFORMANT (1)', () => {
    const filtered = (records: typeof SAMPLE_RECORDS) =>
      buildVerdictDocument({
        verdict: computeVerdict(SAMPLE_RULES, records),
        subject: SAMPLE_SUBJECT,
        runStatus: 'passed',
        otherFailures: [],
        evidence: {},
      })
    assert.equal(filtered([SAMPLE_RECORDS[0]!]).exitCode, 4)
    assert.equal(filtered(SAMPLE_RECORDS.slice(0, 2)).exitCode, 1)
  })

  test('a file with three mistakes gives three errors, each naming its field', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'baseline-')), 'b.json')
    writeFileSync(
      file,
      JSON.stringify({
        expectedFailures: [{ rule: 'IP-GET' }, { rule: 'IP-GET', test: 't', reason: 'both' }],
        extra: true,
      }),
    )
    assert.throws(
      () => loadBaseline(file),
      (error: BaselineError) => {
        assert.deepEqual(error.problems, [
          'extra: unknown field',
          'expectedFailures[0].reason: required field is missing',
          'expectedFailures[1]: give exactly one of rule and test',
        ])
        return true
      },
    )
  })

  test('an unknown rule ID is named', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'baseline-')), 'b.json')
    writeFileSync(
      file,
      JSON.stringify({
        expectedFailures: [{ rule: 'IP-GOT', reason: 'typo' }],
        expectedUntested: [{ rule: 'IP-GOT', reason: 'typo' }],
      }),
    )
    assert.throws(() => loadBaseline(file), /expectedFailures\[0\]\.rule: unknown rule ID "IP-GOT"/)
    assert.throws(() => loadBaseline(file), /expectedUntested\[0\]\.rule: unknown rule ID "IP-GOT"/)
  })

  test("the committed baselines are valid: the reference server's is empty", () => {
    const reference = loadBaseline('reference-run/baseline.json')
    assert.deepEqual(reference.expectedFailures, [])
    assert.ok(loadBaseline('conformance/harness/target/rafiki/baseline.json').expectedFailures.length > 0)
  })
})
