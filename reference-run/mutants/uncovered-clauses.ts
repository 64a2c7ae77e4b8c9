import { readRuleProof } from '../../reports/src/rule-proof-file.ts'
import { HOW_TO_MEND, uncoveredClauses } from './proof-in-step.ts'

/**
 * The clauses of spec MUST rules that no mutant of the catalogues makes fail, by reports/rule-proof.jsonl:
 *
 *   npm run mutants:uncovered
 *
 * Exits non-zero when there is any, as `npm test` fails then (reference-run/test/rule-proof.test.ts).
 */
const uncovered = uncoveredClauses(readRuleProof())
for (const { ref, says, wholeRuleBy } of uncovered) {
  const whole =
    wholeRuleBy.length > 0 ? ` (its rule failed, on no named clause, under ${wholeRuleBy.join(', ')})` : ''
  console.log(`${ref}: ${says}${whole}`)
}
console.log(
  uncovered.length === 0
    ? 'Every clause of a spec MUST rule is caught by a mutant of the catalogues.'
    : `\n${uncovered.length} clauses of spec MUST rules no mutant catches: ${HOW_TO_MEND.uncovered}.`,
)
process.exit(uncovered.length === 0 ? 0 : 1)
