import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Rule } from '../../conformance/harness/rules/rule.ts'
import { headline } from '../src/headline.ts'
import { computeVerdict, rulesNamedIn, type TestRecord } from '../src/verdict.ts'
import { saw } from './saw.ts'

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

// Every rule with tests: a run that leaves one out is a filtered run.
const EVERY = ['A-ONE', 'A-TWO', 'C-NONE', 'D-ONE']

/** A test record; a passed one saw each rule it declares hold, and the automatic GEN-SCHEMA and OAS-STRICT. */
const record = (overrides: Partial<TestRecord>): TestRecord => ({
  title: 't',
  file: 'f.spec.ts',
  outcome: 'passed',
  rules: EVERY,
  errors: [],
  warnings: [],
  observations:
    (overrides.outcome ?? 'passed') === 'passed'
      ? saw([...(overrides.rules ?? EVERY), 'GEN-SCHEMA', 'OAS-STRICT'])
      : [],
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

  test('a passed rule with a skipped test says how many did not check it and why', () => {
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

  test('a filtered run keeps a rule a failure names, though no check of it passed and no test declares it', () => {
    const failed = record({ rules: ['A-ONE'], outcome: 'failed', errors: ['[GEN-SCHEMA] get-x -> 200: ...'] })
    const verdict = computeVerdict(rules, [failed])
    assert.equal(verdict.scope.filtered, true)
    assert.equal(verdict.rules.find((r) => r.rule.id === 'GEN-SCHEMA')?.status, 'failed')
  })

  test('a failure naming no rule charges none: the declared rules are not tested, with the error', () => {
    const failed = record({ title: 'u', outcome: 'failed', errors: ['TypeError: x is undefined'] })
    const verdict = computeVerdict(rules, [failed])
    const aOne = verdict.rules.find((r) => r.rule.id === 'A-ONE')
    assert.equal(aOne?.status, 'skipped')
    assert.deepEqual(aOne?.reasons, [
      'not reached in "u": it stopped first on an error that names no rule: x is undefined',
    ])
    assert.equal(verdict.counts.failed, 0)
    assert.deepEqual(verdict.unattributed, [{ title: 'u', reason: 'x is undefined' }])
  })

  test('a declared rule no check observed is not tested, whatever its test did', () => {
    const passed = record({ title: 'p', observations: saw(['A-ONE']) })
    const aTwo = verdictOf([passed], 'A-TWO')
    assert.equal(aTwo?.status, 'skipped')
    assert.deepEqual(aTwo?.reasons, ['not reached in "p": it passed without a check of A-TWO'])
    assert.equal(verdictOf([passed], 'A-ONE')?.status, 'passed')
  })

  test('a rule observed by a test that does not declare it is decided by that observation', () => {
    const passed = record({ rules: ['A-ONE'], observations: saw(['A-ONE', 'A-TWO']) })
    assert.equal(verdictOf([passed], 'A-TWO')?.status, 'passed')
  })

  test('a warning decides a SHOULD or a beyond-spec rule, never a spec MUST', () => {
    const warned = record({
      rules: ['A-ONE', 'A-TWO', 'D-ONE'],
      warnings: ['[A-ONE] accepted', '[A-TWO] differs', '[D-ONE] extra'],
      observations: saw(['A-ONE', 'A-TWO', 'D-ONE'], 'warning'),
    })
    const aOne = verdictOf([warned], 'A-ONE')
    assert.equal(aOne?.status, 'skipped')
    assert.match(
      aOne?.reasons.at(-1) ?? '',
      /only answers a correct server may also give .*: a check of A-ONE$/,
    )
    assert.equal(verdictOf([warned], 'A-TWO')?.status, 'warning')
    assert.equal(verdictOf([warned], 'D-ONE')?.status, 'warning')
  })

  test('a test the suite cut short charges nothing; the rules it is about are not tested by it, and say why', () => {
    const cut = record({
      title: 'lifecycle',
      outcome: 'failed',
      rules: ['A-ONE', 'C-NONE'],
      cut: 'the test ran out of its time of 100 s',
      errors: ['Test timeout of 100000ms exceeded.'],
      // C-NONE's first checks held before the cut: part of its check, not the check. A-TWO, which the test is not
      // about, was checked in passing.
      observations: saw(['C-NONE', 'A-TWO']),
    })
    const verdict = computeVerdict(rules, [cut])
    assert.equal(verdict.counts.failed + verdict.counts.inconclusive, 0)
    const aOne = verdict.rules.find((r) => r.rule.id === 'A-ONE')
    assert.equal(aOne?.status, 'skipped')
    assert.deepEqual(aOne?.reasons, ['not reached in "lifecycle": the test ran out of its time of 100 s'])
    const cNone = verdict.rules.find((r) => r.rule.id === 'C-NONE')
    assert.equal(cNone?.status, 'skipped')
    assert.deepEqual(cNone?.reasons, ['not reached in "lifecycle": the test ran out of its time of 100 s'])
    assert.equal(verdict.rules.find((r) => r.rule.id === 'A-TWO')?.status, 'passed')
    assert.deepEqual(verdict.cutShort, [
      { title: 'lifecycle', reason: 'the test ran out of its time of 100 s' },
    ])
    assert.equal(verdict.conformant, false)
  })

  test('a MUST rule another test decided, but one of whose tests was cut short, keeps the run INCOMPLETE', () => {
    const cut = record({
      title: 'complete, again, unknown id',
      outcome: 'failed',
      rules: ['A-ONE'],
      cut: 'the test ran out of its time of 36 s',
      errors: ['Test timeout of 36000ms exceeded.'],
      observations: saw(['A-ONE']),
    })
    const verdict = computeVerdict(rules, [cut, record({ title: 'expired', rules: ['A-ONE'] }), record({})])
    assert.equal(verdict.rules.find((r) => r.rule.id === 'A-ONE')?.status, 'passed')
    assert.equal(verdict.conformant, false)
    assert.match(headline(verdict), /^INCOMPLETE: .*cut short by the suite's own limits .*: A-ONE/)
  })

  test('a positive control alone earns no PASS: the rule is not tested, saying only its controls ran', () => {
    const controlled = record({ rules: ['A-ONE'], observations: saw(['A-ONE'], 'control') })
    const aOne = verdictOf([controlled], 'A-ONE')
    assert.equal(aOne?.status, 'skipped')
    assert.match(aOne?.reasons.at(-1) ?? '', /^only its positive controls ran/)
    assert.equal(aOne?.observed.control, 1)
    const decided = record({
      rules: ['A-ONE'],
      observations: [...saw(['A-ONE'], 'control'), ...saw(['A-ONE'])],
    })
    assert.equal(verdictOf([decided], 'A-ONE')?.status, 'passed')
  })

  test('a test skipped before it could check a rule lends that rule none of its passes; its other rules keep theirs', () => {
    const stopped = record({
      title: 'settles',
      rules: ['A-ONE', 'D-ONE'],
      outcome: 'skipped',
      skipReason: 'the payment did not settle within 30 s, so A-ONE could not be checked',
      unchecked: ['A-ONE'],
      observations: saw(['A-ONE', 'A-TWO']),
    })
    const aOne = verdictOf([stopped], 'A-ONE')
    assert.equal(aOne?.status, 'skipped')
    assert.deepEqual(aOne?.reasons, ['the payment did not settle within 30 s, so A-ONE could not be checked'])
    assert.equal(verdictOf([stopped], 'A-TWO')?.status, 'passed')
    // Its positive controls add nothing to the reason a skip already gives.
    const controlled = { ...stopped, observations: saw(['A-ONE'], 'control') }
    assert.deepEqual(verdictOf([controlled], 'A-ONE')?.reasons, [stopped.skipReason])
  })

  test('a rule the server made moot is NOT APPLICABLE; a passing check elsewhere decides it', () => {
    const moot = record({ rules: ['A-ONE'], observations: saw(['A-ONE'], 'not-applicable') })
    assert.equal(verdictOf([moot], 'A-ONE')?.status, 'not-applicable')
    assert.equal(verdictOf([moot, record({ rules: ['A-ONE'] })], 'A-ONE')?.status, 'passed')
  })

  test('each rule carries its evidence: the tests, what they saw, and how many checks of each outcome', () => {
    const one = record({
      title: 'one',
      rules: ['A-ONE'],
      observations: [
        { rule: 'A-ONE', outcome: 'pass', line: 'answered 201', exchange: 'POST /x -> 201', count: 4 },
      ],
    })
    const two = record({
      title: 'two',
      rules: ['A-ONE'],
      outcome: 'failed',
      errors: ['[A-ONE] answered 500'],
    })
    const aOne = verdictOf([one, two], 'A-ONE')
    assert.deepEqual(aOne?.observed, { pass: 4, fail: 1, warning: 0, 'not-applicable': 0, control: 0 })
    assert.deepEqual(aOne?.evidence, [
      { test: 'two', outcome: 'fail', line: 'answered 500', count: 1 },
      { test: 'one', outcome: 'pass', line: 'answered 201', exchange: 'POST /x -> 201', count: 4 },
    ])
  })

  test('a run said to be whole is never filtered: a rule no test reached is NOT TESTED, with why', () => {
    const whole = (unreachedReason?: string) =>
      computeVerdict(rules, [record({ rules: ['A-ONE', 'A-TWO', 'D-ONE'] })], {
        filtered: false,
        unreachedReason,
      })
    const verdict = whole('the client stopped early in x')
    assert.equal(verdict.scope.filtered, false)
    const cNone = verdict.rules.find((r) => r.rule.id === 'C-NONE')
    assert.equal(cNone?.status, 'skipped')
    assert.deepEqual(cNone?.reasons, ['the client stopped early in x'])
    assert.deepEqual(cNone?.tests, [])
    // A spec MUST rule not reached keeps the run from CONFORMANT: INCOMPLETE, naming it with the reason.
    assert.equal(verdict.conformant, false)
    assert.match(headline(verdict), /^INCOMPLETE: .*C-NONE \(the client stopped early in x\)/)
    // Nothing is left "untested"; a rule not yet encoded stays pending.
    assert.equal(verdict.counts.untested, 0)
    assert.equal(verdict.rules.find((r) => r.rule.id === 'B-LATER')?.status, 'pending')
    assert.deepEqual(whole().rules.find((r) => r.rule.id === 'C-NONE')?.reasons, [
      'not reached: no test of the run declared or observed it',
    ])
    // Unset, the same records make a filtered run that leaves C-NONE out.
    const unset = computeVerdict(rules, [record({ rules: ['A-ONE', 'A-TWO', 'D-ONE'] })])
    assert.equal(unset.scope.filtered, true)
    assert.equal(
      unset.rules.some((r) => r.rule.id === 'C-NONE'),
      false,
    )
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

  test('an automatic rule is credited only by a check of it that held', () => {
    const none = record({ observations: saw(EVERY) })
    assert.equal(statusOf([none], 'GEN-SCHEMA'), 'skipped')
    assert.deepEqual(verdictOf([none], 'GEN-SCHEMA')?.reasons, ['no test received a response to check'])
    assert.equal(statusOf([none, record({})], 'GEN-SCHEMA'), 'passed')
  })

  test('robustness is credited only by answers to invalid input, and fails on a finding', () => {
    assert.equal(statusOf([record({})], 'ROB'), 'skipped')
    assert.equal(statusOf([record({ observations: saw([...EVERY, 'ROB']) })], 'ROB'), 'passed')
    const finding = record({ findings: ['[ROB] create-quote -> 500: a server error'] })
    const verdict = computeVerdict(rules, [finding])
    assert.equal(verdict.rules.find((r) => r.rule.id === 'ROB')?.status, 'failed')
    assert.equal(verdict.tiers.robustness.failed, 1)
    assert.equal(verdict.counts.failed, 0, 'the spec tier is untouched')
  })

  test('tiers come from the section, or an explicit tier', () => {
    const verdict = computeVerdict(rules, [record({ observations: saw([...EVERY, 'ROB']) })])
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
