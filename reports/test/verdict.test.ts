import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Rule } from '../../conformance/rules/rule.ts'
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
  rules: ['A-ONE', 'A-TWO'],
  errors: [],
  warnings: [],
  responses: 2,
  ...overrides,
})

const statusOf = (records: TestRecord[], id: string) =>
  computeVerdict(rules, records).rules.find((r) => r.rule.id === id)?.status

describe('verdict', () => {
  test('rules of a passing test pass; automatic rules pass with any test that ran', () => {
    assert.equal(statusOf([record({})], 'A-ONE'), 'passed')
    assert.equal(statusOf([record({})], 'GEN-SCHEMA'), 'passed')
  })

  test('a failure naming a rule fails that rule and leaves the others inconclusive', () => {
    const failed = record({ outcome: 'failed', errors: ['Error: [A-TWO] expected 200'] })
    assert.equal(statusOf([failed], 'A-TWO'), 'failed')
    assert.equal(statusOf([failed], 'A-ONE'), 'inconclusive')
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

  test('skipped-only, pending and untested rules are told apart, and untested rules break conformance', () => {
    const verdict = computeVerdict(rules, [record({ outcome: 'skipped' })])
    assert.equal(verdict.rules.find((r) => r.rule.id === 'A-ONE')?.status, 'skipped')
    assert.equal(verdict.rules.find((r) => r.rule.id === 'B-LATER')?.status, 'pending')
    assert.equal(verdict.rules.find((r) => r.rule.id === 'C-NONE')?.status, 'untested')
    assert.equal(verdict.conformant, false)
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
    const verdict = computeVerdict(rules, [record({ rules: ['A-ONE', 'D-ONE'] })])
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
    const verdict = computeVerdict(rules, [record({}), na])
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
