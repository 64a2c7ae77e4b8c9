import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { resolveBudget, SHRINK_MS, timeoutFor } from '../properties/support/property-budget.ts'
import { replayCommand } from '../properties/support/run-property.ts'

const budget = { numRuns: 40, timeLimitMs: 10_000 }

describe('property budgets', () => {
  it('gives the full counts by default, a quarter under the quick profile', () => {
    assert.equal(resolveBudget(budget, {}).numRuns, 40)
    assert.equal(resolveBudget(budget, { OP_FC_PROFILE: 'quick' }).numRuns, 10)
  })

  it('scales either profile by OP_FC_RUNS, never below one run', () => {
    assert.equal(resolveBudget(budget, { OP_FC_RUNS: '2.5' }).numRuns, 100)
    assert.equal(resolveBudget(budget, { OP_FC_PROFILE: 'quick', OP_FC_RUNS: '0.01' }).numRuns, 1)
  })

  it('times a test out after the search, shrinking and the longest run it declares (25 s unless said)', () => {
    assert.equal(timeoutFor(budget), 10_000 + SHRINK_MS + 25_000)
    assert.equal(timeoutFor({ ...budget, runMs: 60_000 }), 10_000 + SHRINK_MS + 60_000)
  })

  it('names the variable when it is wrong', () => {
    assert.throws(() => resolveBudget(budget, { OP_FC_RUNS: 'lots' }), /OP_FC_RUNS/)
    assert.throws(() => resolveBudget(budget, { OP_FC_PROFILE: 'fast' }), /OP_FC_PROFILE/)
  })

  it('replays a failure with one command', () => {
    assert.equal(
      replayCommand('pagination', -12, '3:1'),
      "OP_FC_SEED=-12 OP_FC_PATH=3:1 npm run conformance -- --grep '@property-pagination'",
    )
  })
})
