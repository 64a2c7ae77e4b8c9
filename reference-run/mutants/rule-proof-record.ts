import { RULES } from '../../conformance/harness/rules/registry.ts'
import { splitRef } from '../../conformance/harness/rules/rules-named-in.ts'
import {
  type ProofRun,
  RULE_PROOF_FILE,
  type RuleProofFile,
  type RunKind,
  readRuleProof,
  writeRuleProof,
} from '../../reports/src/rule-proof-file.ts'
import type { RuleVerdict } from '../../reports/src/verdict.ts'

/**
 * How the catalogue runners (npm run mutants, mutants:signatures, variants) keep each rule's proof that it can fail
 * in reports/rule-proof.jsonl: each run that ended as its catalogue declares replaces its own line; one that did
 * not (a mutant no longer caught, a variant no longer tolerated) removes it, as its proof no longer holds; a broken
 * run leaves it as it was. Lines of entries no longer in their catalogue are dropped; every other line is kept, so
 * a partial run (`npm run mutants -- ID`) changes only its own.
 */

/** What a run of one entry leaves in the file: its new line, no line, or the line it had. */
export type RunProof = Pick<ProofRun, 'description' | 'caught' | 'tolerated'> | 'drop' | 'keep'

/** The file with one run recorded: `catalogue` is every entry ID of its kind today. */
export function withRun(
  file: RuleProofFile,
  kind: RunKind,
  catalogue: readonly string[],
  id: string,
  proof: Exclude<RunProof, 'keep'>,
  at: Pick<ProofRun, 'commit' | 'date'>,
): RuleProofFile {
  const runs = file.runs.filter((run) => run.kind !== kind || (run.id !== id && catalogue.includes(run.id)))
  if (proof !== 'drop') runs.push({ kind, id, ...at, ...proof })
  return { rules: RULES.map((rule) => rule.id), runs }
}

/** Records one run into the repository's file (read again each time: a whole catalogue's run takes an hour). */
export function recordRun(
  kind: RunKind,
  catalogue: readonly string[],
  id: string,
  proof: RunProof,
  commit: string,
  file: string = RULE_PROOF_FILE,
): void {
  if (proof === 'keep') return
  const current = readRuleProof(file)
  if (current.problems.length > 0)
    throw new Error(
      `${file} is not what the runners write (${current.problems.join('; ')}): mend it (a merge left it so?) and run again`,
    )
  // To the second: two commits proved on one day must still tell which is the latest (proofCommits).
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z')
  writeRuleProof(withRun(current, kind, catalogue, id, proof, { commit, date }), file)
}

/**
 * What a run failed, as its proof keeps it: each failed clause as `RULE#clause`, or the rule alone when it failed on
 * no named clause; leaving out what the control run (without the bug) failed too, which the bug cannot be said to
 * have caused.
 */
export function caughtRefs(
  verdicts: readonly RuleVerdict[],
  controlFailed: readonly string[] = [],
): string[] {
  return verdicts
    .filter((v) => v.status === 'failed')
    .flatMap(({ rule, clauses }) => {
      const failed = clauses.filter((c) => c.status === 'failed').map((c) => `${rule.id}#${c.id}`)
      return failed.length > 0 ? failed : [rule.id]
    })
    .filter((ref) => !controlFailed.includes(ref))
}

/** A clause the checks saw, without failing it: they held it, warned on it, or found the server's choice made it moot. */
const EXERCISED = new Set(['held', 'warned', 'not-applicable'])

/**
 * The clauses of `about` (rules, or clauses of them) that the run exercised and did not fail, of rules it neither
 * failed nor left inconclusive: what a variant, or a mutant the suite must tolerate, proves is tolerated.
 */
export function toleratedRefs(verdicts: readonly RuleVerdict[], about: readonly string[]): string[] {
  return about.flatMap((ref) => {
    const { rule: id, clause } = splitRef(ref)
    const verdict = verdicts.find((v) => v.rule.id === id)
    if (!verdict || verdict.status === 'failed' || verdict.status === 'inconclusive') return []
    return verdict.clauses
      .filter((c) => (clause === undefined || c.id === clause) && EXERCISED.has(c.status))
      .map((c) => `${id}#${c.id}`)
  })
}
