import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { headline } from '../src/headline.ts'
import type { RuleStatus, Verdict } from '../src/verdict.ts'

function verdictWith(counts: Partial<Record<RuleStatus, number>>): Verdict {
  const all = {
    passed: 0,
    warning: 0,
    failed: 0,
    inconclusive: 0,
    skipped: 0,
    pending: 0,
    untested: 0,
    ...counts,
  }
  return {
    conformant: all.failed === 0 && all.inconclusive === 0 && all.untested === 0,
    counts: all,
    tests: { passed: 0, failed: 0, skipped: 0 },
    rules: [],
  }
}

describe('headline', () => {
  const cases: [string, Partial<Record<RuleStatus, number>>, string][] = [
    ['every rule passed', { passed: 60 }, 'CONFORMANT to all 60 rules checked'],
    [
      'warnings and skips are named',
      { passed: 58, warning: 1, skipped: 1 },
      'CONFORMANT to the 59 rules checked (1 skipped, see their reasons; 1 with warnings)',
    ],
    [
      'pending rules are named',
      { passed: 50, pending: 3 },
      'CONFORMANT to the 50 rules checked (3 not yet encoded)',
    ],
    [
      'a failure wins over everything',
      { passed: 50, failed: 2, inconclusive: 1, untested: 4 },
      'NOT CONFORMANT: 2 rules failed, 1 inconclusive',
    ],
    [
      'a filtered run gives no verdict',
      { passed: 7, untested: 53 },
      'NO VERDICT: 53 rules did not run (a filtered run checks only part of the spec); the 7 rules that ran passed',
    ],
  ]
  for (const [name, counts, expected] of cases) {
    test(name, () => assert.equal(headline(verdictWith(counts)), expected))
  }
})
