import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Rule } from '../../conformance/harness/rules/rule.ts'
import { headline } from '../src/headline.ts'
import { computeVerdict, rulesNamedIn, type TestRecord } from '../src/verdict.ts'

const rules: Rule[] = [
  { id: 'GEN-SCHEMA', level: 'MUST', section: 's', statement: 'schema', automatic: true },
  {
    id: 'OAS-STRICT',
    level: 'MUST',
    section: 'o',
    tier: 'beyond-spec',
    statement: 'strict',
    automatic: true,
  },
  { id: 'ROB', level: 'MUST', section: 'r', tier: 'robustness', statement: 'robust', automatic: true },
  { id: 'D-ONE', level: 'MUST', section: 'spec-decisions.md: x', statement: 'decided' },
  { id: 'A-ONE', level: 'MUST', section: 's', statement: 'one' },
  { id: 'A-TWO', level: 'SHOULD', section: 's', statement: 'two' },
  { id: 'B-LATER', level: 'MUST', section: 's', statement: 'later', pending: 'issue #9' },
  { id: 'C-NONE', level: 'MUST', section: 's', statement: 'none' },
]

const record = (overrides: Partial<TestRecord>): TestRecord => ({
  title: 't',
  file: 'f.spec.ts',
  outcome: 'passed',
  // Every rule with tests: a run that leaves one out is a filtered run.
  rules: ['A-ONE', 'A-TWO', 'C-NONE', 'D-ONE'],
  errors: [],
  warnings: [],
  responses: 2,
  ...overrides,
})

const verdictOf = (records: TestRecord[], id: string) =>
  computeVerdict(rules, records).rules.find((r) => r.rule.id === id)
const statusOf = (records: TestRecord[], id: string) => verdictOf(records, id)?.status

describe('verdict', () => {
  test('rules of a passing test pass; automatic rules pass with any test that ran', () => {
    assert.equal(statusOf([record({})], 'A-ONE'), 'passed')
    assert.equal(statusOf([record({})], 'GEN-SCHEMA'), 'passed')
  })

  test('a failure naming a spec rule fails that rule and leaves the others inconclusive, saying why', () => {
    const failed = record({ outcome: 'failed', errors: ['Error: [A-TWO] expected 200\nExpected: 200'] })
    assert.equal(statusOf([failed], 'A-TWO'), 'failed')
    const aOne = verdictOf([failed], 'A-ONE')
    assert.equal(aOne?.status, 'inconclusive')
    assert.deepEqual(aOne?.reasons, ['not reached in "t": it stopped first on A-TWO: expected 200'])
  })

  test('a rule another test checked is decided by that test, the unreached one is a note', () => {
    const failed = record({ title: 'u', outcome: 'failed', errors: ['[A-TWO] expected 200'] })
    const aOne = verdictOf([failed, record({ rules: ['A-ONE'] })], 'A-ONE')
    assert.equal(aOne?.status, 'passed')
    assert.deepEqual(
      aOne?.notRun.map((n) => n.title),
      ['u'],
    )
  })

  test('a beyond-spec or robustness failure first leaves the spec rules NOT TESTED, never failed', () => {
    for (const blamed of ['D-ONE (beyond-spec)', 'ROB (robustness)']) {
      const id = blamed.split(' ')[0]
      const failed = record({ rules: ['A-ONE', id!], outcome: 'failed', errors: [`[${id}] a step`] })
      const verdict = computeVerdict(rules, [failed])
      const aOne = verdict.rules.find((r) => r.rule.id === 'A-ONE')
      assert.equal(aOne?.status, 'skipped')
      assert.deepEqual(aOne?.reasons, [`not reached in "t": it stopped first on ${blamed}: a step`])
      assert.equal(verdict.counts.failed + verdict.counts.inconclusive, 0)
      assert.equal(headline(verdict).split(':')[0], 'NO VERDICT', 'a filtered run, not NOT CONFORMANT')
    }
  })

  test('a property stopped at a counterexample says after how many runs; rules its other tests ran pass', () => {
    const property = {
      name: 'limits',
      runs: 7,
      numRuns: 40,
      profile: 'full' as const,
      seed: 3,
      stopped: 'counterexample' as const,
    }
    const failed = record({ title: 'p', outcome: 'failed', errors: ['[A-TWO] over the limit'], property })
    const verdict = computeVerdict(rules, [failed, record({ rules: ['A-ONE'] })])
    const aOne = verdict.rules.find((r) => r.rule.id === 'A-ONE')
    assert.equal(aOne?.status, 'passed')
    assert.deepEqual(aOne?.notRun, [
      {
        title: 'p',
        reason:
          'not reached in "p": the property limits stopped at a counterexample under A-TWO after 7 of 40 runs (full profile)',
      },
    ])
    assert.deepEqual(verdict.properties, [{ test: 'p', ...property }])
  })

  test('a test that passed only on a retry is flaky: a warning on its rules', () => {
    const verdict = computeVerdict(rules, [record({ flaky: '[A-ONE] timed out' })])
    assert.equal(verdict.rules.find((r) => r.rule.id === 'A-ONE')?.status, 'warning')
    assert.match(
      verdict.rules.find((r) => r.rule.id === 'A-TWO')?.warnings[0] ?? '',
      /passed only on a retry/,
    )
    assert.equal(verdict.tests.flaky, 1)
  })

  test('a passed rule with a skipped test says how many did not run and why', () => {
    const skipped = record({ title: 's', rules: ['A-ONE'], outcome: 'skipped', skipReason: 'quick run' })
    const aOne = verdictOf([record({}), skipped], 'A-ONE')
    assert.equal(aOne?.status, 'passed')
    assert.deepEqual(aOne?.notRun, [{ title: 's', reason: 'quick run' }])
  })

  test('a finding of a 5xx to a valid request fails its rule even when the test passed', () => {
    const passed = record({
      findings: ['[A-ONE] create -> 500: the server answered a valid request with a server error'],
    })
    assert.equal(statusOf([passed], 'A-ONE'), 'failed')
    const failed = record({
      outcome: 'failed',
      errors: [
        'ResponseCheckError: [A-ONE] create -> 500: the server answered a valid request with a server error',
      ],
      findings: ['[A-ONE] create -> 500: the server answered a valid request with a server error'],
    })
    assert.equal(verdictOf([failed], 'A-ONE')?.failures.length, 1, 'told once')
  })

  test('a filtered run reports only the rules its tests observed, and says how many it left out', () => {
    const verdict = computeVerdict(rules, [record({ rules: ['A-ONE'] })])
    assert.deepEqual(
      verdict.rules.map((r) => r.rule.id),
      ['GEN-SCHEMA', 'OAS-STRICT', 'A-ONE'],
    )
    assert.deepEqual(verdict.scope, { filtered: true, rulesLeftOut: 5 })
    assert.equal(verdict.counts.untested, 0)
    assert.equal(verdict.conformant, false)
  })

  test('an automatic check failure fails the automatic rule, not the declared ones', () => {
    const failed = record({ outcome: 'failed', errors: ['[GEN-SCHEMA] get-x -> 200: ...'] })
    assert.equal(statusOf([failed], 'GEN-SCHEMA'), 'failed')
    assert.equal(statusOf([failed], 'A-ONE'), 'inconclusive')
  })

  test('a failure naming no rule fails every declared rule', () => {
    const failed = record({ outcome: 'failed', errors: ['TypeError: x is undefined'] })
    assert.equal(statusOf([failed], 'A-ONE'), 'failed')
    assert.equal(statusOf([failed], 'A-TWO'), 'failed')
    assert.equal(statusOf([failed], 'GEN-SCHEMA'), 'passed')
  })

  test('warnings keep the rule passing but say so', () => {
    assert.equal(statusOf([record({ warnings: ['[A-TWO] id differs'] })], 'A-TWO'), 'warning')
  })

  test('skipped-only and pending rules are told apart, and a rule no test ran makes a filtered run', () => {
    const all = ['A-ONE', 'A-TWO', 'D-ONE', 'C-NONE']
    const verdict = computeVerdict(rules, [
      record({ rules: all }),
      record({ rules: ['A-ONE'], outcome: 'skipped' }),
    ])
    assert.equal(verdict.rules.find((r) => r.rule.id === 'B-LATER')?.status, 'pending')
    assert.equal(verdict.scope.filtered, false)
    const skipped = computeVerdict(rules, [record({ rules: all, outcome: 'skipped' })])
    assert.equal(skipped.rules.find((r) => r.rule.id === 'A-ONE')?.status, 'skipped')
    assert.equal(skipped.conformant, false)
    assert.equal(computeVerdict(rules, [record({ outcome: 'skipped' })]).scope.filtered, true)
  })

  test('an automatic rule is credited only by tests that received responses', () => {
    assert.equal(statusOf([record({ responses: 0 })], 'GEN-SCHEMA'), 'skipped')
    assert.deepEqual(
      computeVerdict(rules, [record({ responses: 0 })]).rules.find((r) => r.rule.id === 'GEN-SCHEMA')
        ?.reasons,
      ['no test received a response to check'],
    )
    assert.equal(statusOf([record({ responses: 0 }), record({ responses: 1 })], 'GEN-SCHEMA'), 'passed')
  })

  test('robustness is credited only by answers to invalid input, and fails on a finding', () => {
    assert.equal(statusOf([record({})], 'ROB'), 'skipped')
    assert.equal(statusOf([record({ invalidInputResponses: 1 })], 'ROB'), 'passed')
    const finding = record({
      invalidInputResponses: 1,
      findings: ['[ROB] create-quote -> 500: a server error'],
    })
    const verdict = computeVerdict(rules, [finding])
    assert.equal(verdict.rules.find((r) => r.rule.id === 'ROB')?.status, 'failed')
    assert.equal(verdict.tiers.robustness.failed, 1)
    assert.equal(verdict.counts.failed, 0, 'the spec tier is untouched')
  })

  test('tiers come from the section, or an explicit tier', () => {
    const verdict = computeVerdict(rules, [record({ invalidInputResponses: 1 })])
    const tierOf = (id: string) => verdict.rules.find((r) => r.rule.id === id)?.tier
    assert.deepEqual(['A-ONE', 'D-ONE', 'OAS-STRICT', 'ROB'].map(tierOf), [
      'spec',
      'beyond-spec',
      'beyond-spec',
      'robustness',
    ])
  })

  test('a beyond-spec failure does not decide conformance; a spec MUST rule not tested does', () => {
    const beyond = record({ rules: ['D-ONE'], outcome: 'failed', errors: ['[D-ONE] no'] })
    const clean = computeVerdict(rules, [record({ rules: ['A-ONE', 'A-TWO', 'B-LATER', 'C-NONE'] }), beyond])
    assert.equal(clean.tiers['beyond-spec'].failed, 1)
    assert.equal(clean.conformant, true)
    const skipped = record({ rules: ['C-NONE'], outcome: 'skipped', skipReason: 'capability off' })
    const incomplete = computeVerdict(rules, [record({ rules: ['A-ONE', 'A-TWO', 'B-LATER'] }), skipped])
    assert.equal(incomplete.conformant, false)
  })

  test('a rule whose tests were all not applicable is NOT APPLICABLE, with the reason', () => {
    const na = record({ rules: ['C-NONE'], outcome: 'skipped', notApplicable: 'no otherAsset' })
    const verdict = computeVerdict(rules, [record({ rules: ['A-ONE', 'A-TWO', 'D-ONE'] }), na])
    const cNone = verdict.rules.find((r) => r.rule.id === 'C-NONE')
    assert.equal(cNone?.status, 'not-applicable')
    assert.deepEqual(cNone?.reasons, ['no otherAsset'])
  })

  test('rule prefixes are found in wrapped expect messages', () => {
    assert.deepEqual(rulesNamedIn('Error: [WA-DOC] answers 200\n\nExpected: 200\nReceived: 404'), ['WA-DOC'])
    assert.deepEqual(rulesNamedIn('ResponseCheckError: [GEN-SCHEMA] get-wallet-address -> 200'), [
      'GEN-SCHEMA',
    ])
  })
})
