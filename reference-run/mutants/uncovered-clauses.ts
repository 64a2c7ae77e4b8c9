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
for (const { ref, says } of uncovered) console.log(`${ref}: ${says}`)
console.log(
  uncovered.length === 0
    ? 'Every clause of a spec MUST rule is caught by a mutant of the catalogues.'
    : `\n${uncovered.length} clauses of spec MUST rules no mutant catches: ${HOW_TO_MEND.uncovered}.`,
)
process.exit(uncovered.length === 0 ? 0 : 1)
