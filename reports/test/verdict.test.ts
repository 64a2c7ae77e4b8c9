import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Rule } from '../../conformance/rules/rule.ts'
import { computeVerdict, rulesNamedIn, type TestRecord } from '../src/verdict.ts'

const rules: Rule[] = [
  { id: 'GEN-SCHEMA', level: 'MUST', section: 's', statement: 'schema', automatic: true },
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

  test('rule prefixes are found in wrapped expect messages', () => {
    assert.deepEqual(rulesNamedIn('Error: [WA-DOC] answers 200\n\nExpected: 200\nReceived: 404'), ['WA-DOC'])
    assert.deepEqual(rulesNamedIn('ResponseCheckError: [GEN-SCHEMA] get-wallet-address -> 200'), [
      'GEN-SCHEMA',
    ])
  })
})
