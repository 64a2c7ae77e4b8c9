import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Rule } from '../../conformance/harness/rules/rule.ts'
import { headline } from '../src/headline.ts'
import { computeVerdict, type TestRecord } from '../src/verdict.ts'
import { saw } from './saw.ts'

const rules: Rule[] = [
  { id: 'A-ONE', level: 'MUST', section: 'Endpoints', statement: 'one' },
  { id: 'A-TWO', level: 'MUST', section: 'Endpoints', statement: 'two' },
  { id: 'A-SHOULD', level: 'SHOULD', section: 'Endpoints', statement: 'should' },
  { id: 'D-WALLET', level: 'MUST', section: 'spec-decisions.md: wallet', statement: 'beyond' },
  { id: 'ROB', level: 'MUST', section: 'Robustness', tier: 'robustness', statement: 'rob', automatic: true },
]

const ran = (ids: string[], extra: Partial<TestRecord> = {}): TestRecord => ({
  title: ids.join('+'),
  file: 'f.spec.ts',
  outcome: 'passed',
  rules: ids,
  errors: [],
  warnings: [],
  observations: (extra.outcome ?? 'passed') === 'passed' ? saw([...ids, 'ROB']) : [],
  ...extra,
})
const all = ran(['A-ONE', 'A-TWO', 'A-SHOULD', 'D-WALLET'])
const line = (...records: TestRecord[]) => headline(computeVerdict(rules, records))

describe('headline', () => {
  test('every spec rule passed', () => {
    assert.equal(line(all), 'CONFORMANT to all 3 spec rules checked')
  })

  test('a spec failure wins, and the other tiers are named but do not decide', () => {
    const failed = ran(['A-ONE'], { outcome: 'failed', errors: ['[A-ONE] the server answered 500'] })
    const beyond = ran(['D-WALLET'], { outcome: 'failed', errors: ['[D-WALLET] no'] })
    assert.equal(
      line(all, failed, beyond),
      'NOT CONFORMANT: 1 rule failed, 0 inconclusive; beyond the spec: 1 rule failed (warnings)',
    )
  })

  test('beyond-spec and robustness failures leave a spec-clean run CONFORMANT, and are named', () => {
    const beyond = ran(['D-WALLET'], { outcome: 'failed', errors: ['[D-WALLET] no'] })
    const robust = ran([], { findings: ['[ROB] create-quote -> 500: a server error to invalid input'] })
    assert.equal(
      line(all, beyond, robust),
      'CONFORMANT to all 3 spec rules checked; beyond the spec: 1 rule failed (warnings); robustness: 1 rule failed',
    )
  })

  test('a MUST rule whose only test was skipped gives INCOMPLETE, with the reason', () => {
    const skipped = ran(['A-TWO'], { outcome: 'skipped', skipReason: 'tokens live too long' })
    assert.equal(
      line(ran(['A-ONE', 'A-SHOULD', 'D-WALLET']), skipped),
      'INCOMPLETE: conformant to the 2 spec rules tested; these MUST rules were not tested: A-TWO (tokens live too long)',
    )
  })

  test('MUST rules not tested for the same reason are named together, the reason once', () => {
    const skipped = ran(['A-ONE', 'A-TWO'], { outcome: 'skipped', skipReason: 'the client stopped early' })
    assert.equal(
      line(ran(['A-SHOULD', 'D-WALLET']), skipped),
      'INCOMPLETE: conformant to the 1 spec rule tested; these MUST rules were not tested: A-ONE, A-TWO (the client stopped early)',
    )
  })

  test('a skipped SHOULD rule is a caveat, not a blocker', () => {
    const skipped = ran(['A-SHOULD'], { outcome: 'skipped', skipReason: 'slow' })
    assert.equal(
      line(ran(['A-ONE', 'A-TWO', 'D-WALLET']), skipped),
      'CONFORMANT to the 2 spec rules checked (1 not tested, see their reasons)',
    )
  })

  test('a rule that cannot apply is named NOT APPLICABLE and does not block', () => {
    const na = ran(['A-TWO'], {
      outcome: 'skipped',
      skipReason: 'no other asset',
      notApplicable: 'no other asset',
    })
    assert.equal(
      line(ran(['A-ONE', 'A-SHOULD', 'D-WALLET']), na),
      'CONFORMANT to all 2 spec rules checked (1 not applicable)',
    )
  })

  test('a property search cut short by its time limit is named, never counted as the full profile', () => {
    const property = { name: 'pagination', runs: 8, numRuns: 25, profile: 'full' as const, seed: 1 }
    assert.equal(
      line(all, ran(['A-ONE'], { property: { ...property, stopped: 'time limit' } })),
      'CONFORMANT to all 3 spec rules checked (1 property search cut short by their time limit: pagination 8/25)',
    )
    assert.equal(
      line(all, ran(['A-ONE'], { property: { ...property, runs: 25, stopped: 'completed' } })),
      'CONFORMANT to all 3 spec rules checked',
    )
  })

  test('a certification-profile search below its minimum of runs is INCOMPLETE, never the full profile', () => {
    const property = {
      name: 'pagination',
      runs: 8,
      numRuns: 25,
      minimumRuns: 13,
      profile: 'full' as const,
      seed: 1,
    }
    const short = ran(['A-ONE'], { property: { ...property, stopped: 'time limit' } })
    const verdict = computeVerdict(rules, [all, short])
    assert.equal(verdict.conformant, false)
    assert.match(
      headline(verdict),
      /^INCOMPLETE: conformant to the 3 spec rules tested; not a certification-profile run: a property search stopped at the time limit below the minimum of runs: pagination 8\/25 \(minimum 13\); .*--workers/,
    )
    const enough = ran(['A-ONE'], { property: { ...property, runs: 13, stopped: 'time limit' } })
    assert.equal(
      line(all, enough),
      'CONFORMANT to all 3 spec rules checked (1 property search cut short by their time limit: pagination 13/25)',
    )
    const failed = ran(['A-ONE'], { property: { ...property, runs: 2, stopped: 'counterexample' } })
    assert.equal(
      computeVerdict(rules, [all, failed]).conformant,
      true,
      'a counterexample is judged by its rule',
    )
  })

  test('a quick-profile run names its profile', () => {
    const property = {
      name: 'pagination',
      runs: 6,
      numRuns: 6,
      minimumRuns: 13,
      profile: 'quick' as const,
      seed: 1,
    }
    assert.equal(
      line(all, ran(['A-ONE'], { property: { ...property, stopped: 'completed' } })),
      "CONFORMANT to all 3 spec rules checked (quick profile (OP_FC_PROFILE=quick): the property searches did a share of the certification profile's runs)",
    )
  })

  test('a filtered run gives no verdict and counts only the rules its tests declare', () => {
    assert.equal(
      line(ran(['A-ONE'])),
      'NO VERDICT: a filtered run checks only part of the spec; it reports the 2 rules its tests checked (3 rules left out): 2 passed',
    )
    const skipped = ran(['A-TWO'], { outcome: 'skipped', skipReason: 'quick' })
    assert.equal(
      line(ran(['A-ONE'], { observations: saw(['A-ONE']) }), skipped),
      'NO VERDICT: a filtered run checks only part of the spec; it reports the 2 rules its tests checked (3 rules left out): 1 passed, 1 not tested',
    )
  })
})
