import { checkRef, RULES } from '../../conformance/harness/rules/registry.ts'
import { clausesOf } from '../../conformance/harness/rules/rule.ts'
import { splitRef } from '../../conformance/harness/rules/rules-named-in.ts'
import { uncoveredMustClauses } from '../../reports/src/rule-proof.ts'
import type { ProofRun, RuleProofFile, RunKind } from '../../reports/src/rule-proof-file.ts'
import { VARIANTS } from '../variants/catalog.ts'
import { KNOWN_GAPS, MUTANTS } from './catalog.ts'
import { SIGNATURE_CATALOGUE } from './signature-catalogue.ts'
import { THIRD_PARTY_GAPS, THIRD_PARTY_MUTANTS } from './third-party-mutants.ts'

/**
 * Whether reports/rule-proof.jsonl is in step with the registry and the catalogues (reference-run/test/
 * rule-proof.test.ts, part of `npm test`; `npm run mutants:uncovered` prints the clauses no mutant catches yet).
 */

type Entry = { id: string; description: string }

/** Every entry of each catalogue today, by the kind of its runs: its ID and its one line. */
const CATALOGUES: Record<RunKind, ReadonlyMap<string, string>> = {
  mutant: descriptions([...MUTANTS, ...THIRD_PARTY_MUTANTS, ...KNOWN_GAPS, ...THIRD_PARTY_GAPS]),
  signature: descriptions(SIGNATURE_CATALOGUE),
  variant: descriptions(VARIANTS),
}

function descriptions(entries: readonly Entry[]): ReadonlyMap<string, string> {
  return new Map(entries.map(({ id, description }) => [id, description]))
}

const RUNNER: Record<RunKind, string> = {
  mutant: 'npm run mutants',
  signature: 'npm run mutants:signatures (and its routes form)',
  variant: 'npm run variants',
}

const inCatalogue = (run: ProofRun) => CATALOGUES[run.kind].has(run.id)

/** The registry's rules the file has no line of: added since the catalogues last ran. */
export function rulesWithoutLine(proof: RuleProofFile): string[] {
  return RULES.map((rule) => rule.id).filter((id) => !proof.rules.includes(id))
}

/**
 * What the file names that is gone: a rule, a catalogue entry, a rule or clause a run names; and a run whose entry
 * has been described anew since (the file shows the description of the run).
 */
export function staleNames(proof: RuleProofFile): string[] {
  const unknownRef = (ref: string) => {
    try {
      checkRef(ref)
      return false
    } catch {
      return true
    }
  }
  return [
    ...proof.rules
      .filter((id) => !RULES.some((rule) => rule.id === id))
      .map((id) => `rule ${id} is no longer in the registry`),
    ...proof.runs
      .filter((run) => !inCatalogue(run))
      .map(
        (run) => `${run.kind} ${run.id} is no longer in its catalogue (${RUNNER[run.kind]} drops its line)`,
      ),
    ...proof.runs.flatMap((run) =>
      [...run.caught, ...run.tolerated]
        .filter(unknownRef)
        .map((ref) => `${run.kind} ${run.id} names ${ref}, which the registry no longer has`),
    ),
    ...proof.runs
      .filter((run) => inCatalogue(run) && CATALOGUES[run.kind].get(run.id) !== run.description)
      .map(
        (run) =>
          `${run.kind} ${run.id} is described otherwise since its run: "${CATALOGUES[run.kind].get(run.id)}"`,
      ),
  ]
}

/**
 * Each clause of a spec MUST rule no run of an entry still in its catalogue made fail, with what it says, and the
 * runs that failed its rule without naming a clause (their check should name the one it saw broken).
 */
export function uncoveredClauses(
  proof: RuleProofFile,
): { ref: string; says: string; wholeRuleBy: string[] }[] {
  const says = new Map<string, string>(
    RULES.flatMap((rule) => clausesOf(rule).map((c) => [`${rule.id}#${c.id}`, c.says])),
  )
  return uncoveredMustClauses(RULES, proof, inCatalogue).map((ref) => ({
    ref,
    says: says.get(ref)!,
    wholeRuleBy: proof.runs
      .filter((run) => inCatalogue(run) && run.caught.includes(splitRef(ref).rule))
      .map((run) => `${run.kind} ${run.id}`),
  }))
}

/** How to mend each way the file is out of step, for the test's messages and the script. */
export const HOW_TO_MEND = {
  rules:
    'run the catalogues (npm run mutants, npm run mutants:signatures, npm run variants; a run of one entry, ' +
    '`npm run mutants -- ID`, writes every rule of the registry), then commit reports/rule-proof.jsonl',
  stale:
    'run the catalogue again (`npm run mutants -- ID` for an entry that names an old clause; any run drops the ' +
    'lines of entries no longer in its catalogue), then commit reports/rule-proof.jsonl',
  uncovered:
    "write a mutant that breaks each (reference-run/mutants/, naming the clause: rules: ['RULE#clause']), run it " +
    '(`npm run mutants -- ID`), then commit reports/rule-proof.jsonl',
}
