import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Observation } from '../../conformance/harness/rules/observations.ts'
import type { Rule } from '../../conformance/harness/rules/rule.ts'
import { computeVerdict, type TestRecord } from '../src/verdict.ts'

const rules: Rule[] = [
  {
    id: 'IP-CREATE',
    level: 'MUST',
    section: 's',
    statement: 'create returns 201 with methods and the requested fields echoed',
    clauses: [
      { id: 'created', says: 'create answers 201' },
      { id: 'echo-amount', says: 'create echoes incomingAmount' },
    ],
  },
  {
    id: 'OP-FAILED',
    level: 'MUST',
    section: 's',
    statement: 'a payment that cannot be processed is refused or marked failed',
    clauses: [
      {
        id: 'marked-failed',
        says: 'an undeliverable payment is refused or marked failed',
        situation: 'a payment that cannot be delivered',
      },
    ],
  },
  {
    id: 'GSA-X',
    level: 'MUST',
    section: 's',
    statement: 'spent amounts are the totals of the current interval',
    clauses: [
      { id: 'totals', says: 'the totals add up' },
      {
        id: 'interval',
        says: 'a new interval starts at nothing',
        situation: 'a reading after an interval in which the grant paid',
        completedBy: 'a shorter grants.minimumIntervalSeconds would bring it about',
      },
    ],
  },
  { id: 'A-ONE', level: 'MUST', section: 's', statement: 'one' },
]

const seen = (rule: string, clause?: string, outcome: Observation['outcome'] = 'pass'): Observation => ({
  rule,
  ...(clause ? { clause } : {}),
  outcome,
  line: `a check of ${rule}${clause ? `#${clause}` : ''}`,
  count: 1,
})

const record = (overrides: Partial<TestRecord>): TestRecord => ({
  title: 't',
  file: 'f.spec.ts',
  outcome: 'passed',
  rules: [],
  errors: [],
  warnings: [],
  observations: [],
  ...overrides,
})

const ruleOf = (records: TestRecord[], id: string) =>
  computeVerdict(rules, records, { filtered: true }).rules.find((r) => r.rule.id === id)

describe('a PASS stands on every clause of its rule', () => {
  test('a rule passes only when each of its clauses was seen to hold', () => {
    const both = record({
      rules: ['IP-CREATE'],
      observations: [seen('IP-CREATE', 'created'), seen('IP-CREATE', 'echo-amount')],
    })
    assert.equal(ruleOf([both], 'IP-CREATE')?.status, 'passed')
    assert.deepEqual(
      ruleOf([both], 'IP-CREATE')?.clauses.map((c) => [c.id, c.status]),
      [
        ['created', 'held'],
        ['echo-amount', 'held'],
      ],
    )
  })

  test('a 201 without the echo is NOT TESTED, naming the clause no check exercised', () => {
    const only201 = record({ rules: ['IP-CREATE'], observations: [seen('IP-CREATE', 'created')] })
    const verdict = ruleOf([only201], 'IP-CREATE')
    assert.equal(verdict?.status, 'skipped')
    assert.equal(verdict?.reasons[0], 'nothing checked that create echoes incomingAmount')
  })

  test('a check that names the rule but no clause holds no clause of a rule that has several', () => {
    const vague = record({
      rules: ['IP-CREATE'],
      observations: [seen('IP-CREATE'), seen('IP-CREATE', 'created')],
    })
    assert.equal(ruleOf([vague], 'IP-CREATE')?.status, 'skipped')
    // A rule of one clause is held by a check that names the rule.
    assert.equal(
      ruleOf([record({ rules: ['A-ONE'], observations: [seen('A-ONE')] })], 'A-ONE')?.status,
      'passed',
    )
  })

  test('a situation that never arose leaves its rule NOT TESTED, saying so', () => {
    const verdict = ruleOf(
      [record({ rules: ['OP-FAILED'], observations: [seen('OP-FAILED', undefined, 'control')] })],
      'OP-FAILED',
    )
    assert.equal(verdict?.status, 'skipped')
    assert.equal(verdict?.clauses[0]?.status, 'not-exercised')
  })

  test('a clause whose situation never arose names what would bring it about', () => {
    const verdict = ruleOf([record({ rules: ['GSA-X'], observations: [seen('GSA-X', 'totals')] })], 'GSA-X')
    assert.equal(verdict?.status, 'skipped')
    assert.deepEqual(verdict?.reasons.slice(0, 1), [
      'the situation never arose: a reading after an interval in which the grant paid (nothing checked that a ' +
        'new interval starts at nothing; a shorter grants.minimumIntervalSeconds would bring it about)',
    ])
  })

  test('a failure names the clause it breaks, wherever in the run it shows', () => {
    const passed = record({
      title: 'create',
      rules: ['IP-CREATE'],
      observations: [seen('IP-CREATE', 'created'), seen('IP-CREATE', 'echo-amount')],
    })
    const other = record({
      title: 'amounts',
      rules: ['A-ONE'],
      observations: [seen('A-ONE')],
      findings: ['[IP-CREATE#echo-amount] incomingAmount 1 came back as 2500'],
    })
    const verdict = ruleOf([passed, other], 'IP-CREATE')
    assert.equal(verdict?.status, 'failed')
    assert.equal(verdict?.clauses.find((c) => c.id === 'echo-amount')?.status, 'failed')
    assert.equal(verdict?.clauses.find((c) => c.id === 'created')?.status, 'held')
    assert.equal(ruleOf([passed, other], 'A-ONE')?.status, 'passed')
  })
})

describe('controls are not evidence', () => {
  test('a failed positive control makes its rule INCONCLUSIVE, with the control, never FAILED', () => {
    const control = record({
      title: 'token expiry',
      outcome: 'failed',
      rules: ['A-ONE'],
      errors: [
        'Error: [A-ONE] positive control, the token before it expires: the server answered 400; the spec requires 201',
      ],
    })
    const verdict = ruleOf([control], 'A-ONE')
    assert.equal(verdict?.status, 'inconclusive')
    assert.match(
      verdict?.reasons[0] ?? '',
      /^its positive control failed .*token expiry: positive control, the token before it expires/,
    )
    assert.deepEqual(verdict?.failures, [])
  })

  test('a failure of the rule beside a failed control still fails it', () => {
    const both = record({
      outcome: 'failed',
      rules: ['A-ONE'],
      errors: [
        'Error: [A-ONE] positive control: answered 400',
        'Error: [A-ONE] the expired token: answered 201',
      ],
    })
    assert.equal(ruleOf([both], 'A-ONE')?.status, 'failed')
  })
})

describe('nothing lost, nothing invented', () => {
  test('passes of its own rules a test recorded before a plain skip earn them nothing', () => {
    const skipped = record({
      outcome: 'skipped',
      rules: ['A-ONE'],
      skipReason: 'the server never sends subject',
      observations: [seen('A-ONE')],
    })
    const verdict = ruleOf([skipped], 'A-ONE')
    assert.equal(verdict?.status, 'skipped')
    assert.deepEqual(verdict?.reasons, ['the server never sends subject'])
  })

  test('a soft failure survives a later timeout', () => {
    const timedOut = record({
      outcome: 'failed',
      rules: ['A-ONE', 'IP-CREATE'],
      cut: 'the test ran out of its time of 30 s',
      errors: [
        'Error: [A-ONE] the revoked token: answered 200; the spec requires 401',
        'Test timeout of 30000ms exceeded.',
      ],
    })
    assert.equal(ruleOf([timedOut], 'A-ONE')?.status, 'failed')
    const create = ruleOf([timedOut], 'IP-CREATE')
    assert.equal(create?.status, 'skipped')
    assert.match(create?.reasons[0] ?? '', /ran out of its time/)
  })
})

test('a filtered run leaves out a rule its tests only brushed, whose clauses they did not all show', () => {
  const amounts = record({
    title: 'amounts',
    rules: ['A-ONE'],
    observations: [seen('A-ONE'), seen('IP-CREATE', 'created')],
  })
  const verdict = computeVerdict(rules, [amounts])
  assert.equal(verdict.scope.filtered, true)
  assert.deepEqual(
    verdict.rules.map((r) => r.rule.id),
    ['A-ONE'],
  )
  // A failure it saw in passing is reported all the same.
  const broken = { ...amounts, findings: ['[IP-CREATE#echo-amount] incomingAmount 1 came back as 2500'] }
  assert.equal(computeVerdict(rules, [broken]).rules.find((r) => r.rule.id === 'IP-CREATE')?.status, 'failed')
})

test("a filtered run's first stage puts no rule in scope by itself: it relies on its rules, it is not about them", () => {
  const step = record({
    title: 'foundations › creating an incoming payment',
    rules: ['IP-CREATE'],
    foundation: 'incoming-payment',
    observations: [seen('IP-CREATE', 'created')],
  })
  const other = record({ title: 'a', rules: ['A-ONE'], observations: [seen('A-ONE')] })
  assert.deepEqual(
    computeVerdict(rules, [step, other]).rules.map((r) => r.rule.id),
    ['A-ONE'],
  )
})
