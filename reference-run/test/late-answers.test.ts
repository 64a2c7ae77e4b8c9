import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { loadConfig } from '../../reference-server/src/config.ts'
import { ANSWERS_LATE_ENV, answersLateFor, PROOF_LATENESS, withAnswersLate } from '../late-answers.ts'
import { referenceServerPlan, writeReferenceTarget } from '../reference-plan.ts'

const nameOf = (env: NodeJS.ProcessEnv) =>
  JSON.parse(
    readFileSync(
      writeReferenceTarget(referenceServerPlan(env), mkdtempSync(join(tmpdir(), 'late-'))),
      'utf8',
    ),
  ).name

describe('the late-answers knob of the reference run', () => {
  test('is off by default: the server gets it empty, which it reads as unset, and answers at once', () => {
    const plan = referenceServerPlan({ REFERENCE_PORT: '5600' })
    assert.equal(plan.env[ANSWERS_LATE_ENV], '')
    assert.equal(loadConfig(plan.env).answersLate, undefined)
    assert.equal(plan.env.GRANT_WAIT_SECONDS, '1')
    assert.equal(plan.workers, 6)
    assert.equal(nameOf({ REFERENCE_PORT: '5600' }), 'reference-server (started by the suite)')
  })

  test("passes the run's range on in a checkout, and the target's name says it", () => {
    const run = { REFERENCE_PORT: '5600', [ANSWERS_LATE_ENV]: PROOF_LATENESS }
    const plan = referenceServerPlan(run)
    assert.deepEqual(loadConfig(plan.env).answersLate, { minMs: 1000, maxMs: 4000 })
    // Each worker mostly waits, as for a target that far away.
    assert.equal(plan.workers, 16)
    assert.equal(nameOf(run), 'reference-server (started by the suite, every answer 1000-4000 ms late)')
  })

  test('gives a continue.wait that a continuation sent at once can beat: two of the latest answers and a second', () => {
    const late = (wait: string) =>
      withAnswersLate({ GRANT_WAIT_SECONDS: wait }, PROOF_LATENESS).GRANT_WAIT_SECONDS
    assert.equal(late('1'), '9')
    assert.equal(late('30'), '30', 'a longer one stays')
    assert.equal(late('0'), '0', 'none stays none')
    assert.equal(withAnswersLate({ GRANT_WAIT_SECONDS: '1' }, '').GRANT_WAIT_SECONDS, '1', 'off: unchanged')
  })

  test('the published package never passes it on: a variable of that name in an ASE’s shell changes nothing', () => {
    assert.equal(answersLateFor({ [ANSWERS_LATE_ENV]: PROOF_LATENESS }, true), '')
    assert.equal(answersLateFor({ [ANSWERS_LATE_ENV]: PROOF_LATENESS }, false), PROOF_LATENESS)
  })
})
