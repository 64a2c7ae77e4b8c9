import { type Clause, clausesOf, type Rule, tierOf } from '../../conformance/harness/rules/rule.ts'
import type { ProofRun, RuleProofFile, RunKind } from './rule-proof-file.ts'

/**
 * Each rule's proof that it can fail, per clause, as the catalogue runs kept in reports/rule-proof.jsonl give it:
 * which mutants (bugs injected into the reference server) its checks caught, and which allowed variants (answers
 * the spec allows) they tolerated. A PASS of a clause no run ever failed proves less than one a bug was seen to
 * turn red: `op-conformance rules ID` and the verdict page say which it is.
 */

/** One catalogue run, as a rule's proof names it. */
export type ProofItem = Pick<ProofRun, 'kind' | 'id' | 'description' | 'commit' | 'date'>

export interface ClauseProof extends Clause {
  /** `RULE#clause` */
  ref: string
  caught: ProofItem[]
  tolerates: ProofItem[]
}

export interface RuleProof {
  rule: string
  clauses: ClauseProof[]
  /** Runs that failed the rule without naming which of its clauses (a check of the rule as a whole). */
  caughtWhole: ProofItem[]
  /** Whether the file was written knowing the rule: false for a rule added since the catalogues last ran. */
  known: boolean
}

const itemOf = ({ kind, id, description, commit, date }: ProofRun): ProofItem => ({
  kind,
  id,
  description,
  commit,
  date,
})

/** The proof of `rule`: each of its clauses with the runs that caught it and those it tolerated. */
export function proofOf(rule: Rule, proof: RuleProofFile): RuleProof {
  const naming = (refs: (run: ProofRun) => readonly string[], ref: string) =>
    proof.runs.filter((run) => refs(run).includes(ref)).map(itemOf)
  return {
    rule: rule.id,
    clauses: clausesOf(rule).map((clause) => {
      const ref = `${rule.id}#${clause.id}`
      return {
        ...clause,
        ref,
        caught: naming((run) => run.caught, ref),
        tolerates: naming((run) => run.tolerated, ref),
      }
    }),
    caughtWhole: naming((run) => run.caught, rule.id),
    known: proof.rules.includes(rule.id),
  }
}

/** Whether any run failed the rule, on a clause or as a whole. */
export function isProven(p: RuleProof): boolean {
  return p.caughtWhole.length > 0 || p.clauses.some((c) => c.caught.length > 0)
}

const KIND_LABEL: Record<RunKind, string> = {
  mutant: 'mutant',
  signature: 'signature mutant',
  variant: 'variant',
}

/** `caught: <description> (mutant <id>)` and `tolerates: <description> (variant <id>)`. */
export function proofItemLine(what: 'caught' | 'tolerates', item: ProofItem): string {
  return `${what}: ${item.description} (${KIND_LABEL[item.kind]} ${item.id})`
}

/** A run that failed the rule without naming which of its clauses. */
export function wholeRuleLine(item: ProofItem): string {
  return `caught, on no named clause: ${item.description} (${KIND_LABEL[item.kind]} ${item.id})`
}

/** What a clause's proof says, one line per run; a clause no run failed says so. */
export function clauseProofLines(c: ClauseProof): string[] {
  return [
    ...c.caught.map((item) => proofItemLine('caught', item)),
    ...(c.caught.length === 0 ? ['caught: nothing yet: no mutant of the catalogues made it fail'] : []),
    ...c.tolerates.map((item) => proofItemLine('tolerates', item)),
  ]
}

/**
 * Where the proof comes from: the commit (or commits) of the suite its runs were made on, with the days; a rule no
 * run failed, or one the file does not know yet, says so plainly.
 */
export function proofSource(p: RuleProof): string {
  if (!p.known)
    return `no proof: the catalogues have not run since ${p.rule} was added (npm run mutants, npm run variants)`
  const commits = proofCommits(p)
  if (commits === undefined)
    return `no proof: no mutant of the catalogues made ${p.rule} fail, and no variant exercised it`
  return `${isProven(p) ? 'proof that it can fail' : 'no mutant made it fail; what it tolerates'}: ${commits}`
}

/** `the catalogues run on commit <12 hex> (<day>)`, or on several, the latest named; undefined without a run. */
export function proofCommits(p: RuleProof): string | undefined {
  const items = [...p.caughtWhole, ...p.clauses.flatMap((c) => [...c.caught, ...c.tolerates])]
  const commits = new Map<string, string>()
  for (const { commit, date } of items)
    if (!commits.has(commit) || commits.get(commit)! < date) commits.set(commit, date)
  const runs = [...commits].sort((a, b) => (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : 0))
  const [latest] = runs
  if (latest === undefined) return undefined
  // A run's date is to the second (older lines: the day alone); the day is what a reader needs.
  const day = latest[1].slice(0, 10)
  return runs.length === 1
    ? `the catalogues run on commit ${latest[0].slice(0, 12)} (${day})`
    : `the catalogues run on ${runs.length} commits, the latest ${latest[0].slice(0, 12)} (${day})`
}

/**
 * The clauses of spec MUST rules that no run of `current` (the runs whose entry is still in its catalogue) caught:
 * what `npm test` holds against the catalogues.
 */
export function uncoveredMustClauses(
  rules: readonly Rule[],
  proof: RuleProofFile,
  current: (run: ProofRun) => boolean = () => true,
): string[] {
  const caught = new Set(proof.runs.filter(current).flatMap((run) => run.caught))
  return rules
    .filter((rule) => tierOf(rule) === 'spec' && rule.level === 'MUST' && !rule.pending)
    .flatMap((rule) => clausesOf(rule).map((clause) => `${rule.id}#${clause.id}`))
    .filter((ref) => !caught.has(ref))
}
