import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  resolveBudget,
  STRETCH,
  searchDeadline,
  stopAfterMs,
  timeoutFor,
} from '../properties/support/property-budget.ts'
import { replayCommand } from '../properties/support/replay-command.ts'

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

  it('stops a search after its stretched time limit, the run then in progress (10 s unless said) and shrinking', () => {
    assert.equal(stopAfterMs(budget), 10_000 * (1 + STRETCH) + 10_000 + 20_000)
    assert.equal(stopAfterMs({ ...budget, runMs: 60_000 }), 10_000 * (1 + STRETCH) + 60_000 + 20_000)
  })

  it('stops a search at a target answering in seconds that many times later: its minimum may need it', () => {
    assert.equal(stopAfterMs(budget, 200), stopAfterMs(budget), '200 ms away, as measured')
    assert.equal(stopAfterMs(budget, 2_500), 10_000 * (1 + STRETCH * 12.5) + 10_000 + 20_000)
  })

  it("draws no new input after its time limit plus the target's answers' time, at most STRETCH limits more", () => {
    let counted = 1_000
    const deadline = searchDeadline(10_000, 0, counted, () => counted)
    assert.equal(deadline(), 10_000, 'nothing waited for yet: the time limit')
    counted += 6_000
    assert.equal(deadline(), 16_000, 'a search that waited 6 s for answers may search 6 s longer')
    counted += 1_000_000
    assert.equal(deadline(), 10_000 * (1 + STRETCH), 'never past the stretch')
  })

  it('gives a search the time its runs waited for the first stage, past the stretch', () => {
    let waited = 2_000
    const deadline = searchDeadline(10_000, 0, 0, () => 1_000_000, {
      waitedAtStart: waited,
      waited: () => waited,
    })
    assert.equal(deadline(), 10_000 * (1 + STRETCH))
    waited += 7_000
    assert.equal(deadline(), 10_000 * (1 + STRETCH) + 7_000, 'the suite’s own wait is not the search’s')
  })

  it('counts a certification-profile search below half its runs, or its declared minimum, as short', () => {
    assert.equal(resolveBudget(budget, {}).minimumRuns, 20)
    assert.equal(resolveBudget({ ...budget, minimumRuns: 35 }, {}).minimumRuns, 35)
    assert.equal(
      resolveBudget(budget, { OP_FC_RUNS: '0.1' }).minimumRuns,
      20,
      'OP_FC_RUNS lowers only the runs',
    )
  })

  it('times a test out 15 s after its search is stopped, for its fixtures, and a run later per corpus replay', () => {
    assert.equal(timeoutFor(budget, 0), 40_000 + 15_000)
    assert.equal(timeoutFor({ ...budget, runMs: 60_000 }, 0), 90_000 + 15_000)
    assert.equal(timeoutFor({ ...budget, runMs: 60_000 }, 3), 3 * 60_000 + 90_000 + 15_000)
  })

  it('names the variable when it is wrong', () => {
    assert.throws(() => resolveBudget(budget, { OP_FC_RUNS: 'lots' }), /OP_FC_RUNS/)
    assert.throws(() => resolveBudget(budget, { OP_FC_PROFILE: 'fast' }), /OP_FC_PROFILE/)
  })

  it("replays a failure with one command, against the run's own target and baseline", () => {
    const reference = { CONFORMANCE_TARGET: '/x/out/ref.json', REFERENCE_RUN_TARGET: '/x/out/ref.json' }
    assert.equal(
      replayCommand('@property-pagination', -12, '3:1', reference, '/x'),
      "OP_FC_SEED=-12 OP_FC_PATH=3:1 npx --no-install op-conformance run --grep '@property-pagination'",
    )
    const ase = { CONFORMANCE_TARGET: '/x/my ase.json', CONFORMANCE_BASELINE: '/base/line.json' }
    assert.equal(
      replayCommand('@property-pagination', 7, '0', ase, '/x'),
      "OP_FC_SEED=7 OP_FC_PATH=0 npx --no-install op-conformance run --target 'my ase.json' --baseline ../base/line.json --grep '@property-pagination'",
    )
  })
})
