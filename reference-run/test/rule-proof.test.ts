import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { readRuleProof } from '../../reports/src/rule-proof-file.ts'
import { HOW_TO_MEND, rulesWithoutLine, staleNames, uncoveredClauses } from '../mutants/proof-in-step.ts'

/**
 * reports/rule-proof.jsonl, each rule's proof that it can fail, kept in step with the registry and the catalogues:
 * a new rule, a spec MUST clause no mutant catches, or a name that is gone fails here until the catalogues run.
 */
describe('the rule proof file', () => {
  const proof = readRuleProof()

  test('is what the runners write', () => {
    assert.deepEqual(proof.problems, [], `reports/rule-proof.jsonl: ${proof.problems.join('; ')}`)
  })

  test('has a line for every rule of the registry', () => {
    const missing = rulesWithoutLine(proof)
    assert.deepEqual(
      missing,
      [],
      `rules the proof file does not know (added since the catalogues last ran): ${missing.join(', ')}; ${HOW_TO_MEND.rules}`,
    )
  })

  test('names no rule, clause or catalogue entry that is gone', () => {
    const stale = staleNames(proof)
    assert.deepEqual(stale, [], `${stale.join('\n')}\n${HOW_TO_MEND.stale}`)
  })

  test('shows every clause of a spec MUST rule caught by a mutant still in the catalogues', () => {
    const uncovered = uncoveredClauses(proof)
    assert.deepEqual(
      uncovered.map(({ ref }) => ref),
      [],
      `${uncovered.length} clauses of spec MUST rules no mutant catches (npm run mutants:uncovered lists them):\n` +
        `${uncovered.map(({ ref, says }) => `  ${ref}: ${says}`).join('\n')}\n${HOW_TO_MEND.uncovered}`,
    )
  })
})
