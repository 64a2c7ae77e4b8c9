import { KNOWN_GAPS, MUTANTS, type Mutant } from './catalog.ts'
import { catalogProblems } from './catalog-problems.ts'
import { caughtRefs, type RunProof, recordRun, toleratedRefs } from './rule-proof-record.ts'
import { failedRules, rulesWithStatus, ruleVerdicts, type SuiteRun } from './suite-run.ts'
import { THIRD_PARTY_GAPS, THIRD_PARTY_MUTANTS } from './third-party-mutants.ts'
import {
  basePort,
  brokenBecause,
  commit,
  committed,
  failingTests,
  portOfRun,
  runEditedTree,
  table,
  uncommittedChanges,
  WORKERS,
} from './tree-run.ts'

/**
 * Proves the suite catches real bugs: for each mutant of the catalog, a copy of the committed tree with that
 * one bug injected runs the mutant's spec files, and the verdict must fail the mutant's rules. A control run on
 * the unmutated tree comes first, so a rule failing under a mutant is known to pass without it. Exits non-zero
 * when a mutant is not caught (or a tolerance is failed) or its run broke, or when the control run fails a rule.
 *
 *   npm run mutants [-- mutant-id ...]
 *
 * Each run has its own temporary copy (removed afterwards), report directory and ports, from REFERENCE_PORT
 * (default 3470) upwards. What each mutant's run failed is kept in reports/rule-proof.jsonl, each rule's proof
 * that it can fail (rule-proof-record.ts): the only file of the repository the run writes.
 */

type Verdict = 'caught' | 'NOT CAUGHT' | 'tolerated' | 'FALSE FAILURE' | 'broken'

/** A mutant's specs run without the first stage (see runMutant). */
const NO_FOUNDATIONS = { foundations: false }

interface Outcome {
  mutant: Mutant
  verdict: Verdict
  failed: string[]
  /** Set for a known gap: why the suite misses it. */
  gap: string | undefined
  seconds: number
  /** What to look at when the verdict is not 'caught'. */
  detail: string[]
  /** What the run leaves in the rule proof file. */
  proof: RunProof
}

/** What a property that caught the mutant shrank it to: the counterexample and replay lines of its report. */
function counterexamples(run: SuiteRun): string[] {
  return run.tests.flatMap((t) =>
    (t.errors[0] ?? '').split('\n').filter((line) => /^(counterexample|replay): /.test(line)),
  )
}

async function runMutant(
  mutant: Mutant,
  port: number,
  gap: string | undefined,
  controlFailed: string[],
): Promise<Outcome> {
  const unjudgeable = mutant.rules.filter((id) => controlFailed.includes(id))
  if (unjudgeable.length > 0) {
    const detail = [`${unjudgeable.join(', ')} failed in the control run, without the mutant`]
    return { mutant, verdict: 'broken', failed: [], gap, seconds: 0, detail, proof: 'keep' }
  }
  const started = Date.now()
  // Without the foundations: a bug that breaks a step they prove would stop the very checks that must catch it.
  const run = await runEditedTree(`mutant-${mutant.id}`, mutant.edits, mutant.specs, port, NO_FOUNDATIONS)
  const seconds = Math.round((Date.now() - started) / 1000)
  const broken = brokenBecause(run)
  if (broken !== undefined || run instanceof Error) {
    return { mutant, verdict: 'broken', failed: [], gap, seconds, detail: broken ?? [], proof: 'keep' }
  }
  const failed = failedRules(run)
  const verdicts = ruleVerdicts(run)
  const { description } = mutant
  if (mutant.tolerated) {
    const warned = rulesWithStatus(run, 'warning')
    const missing = mutant.tolerated.warns.filter((id) => !warned.includes(id))
    const ok = !mutant.rules.some((id) => failed.includes(id)) && missing.length === 0
    const detail = ok ? [] : [...missing.map((id) => `no ${id} warning`), ...failingTests(run)]
    const proof: RunProof = ok
      ? { description, caught: [], tolerated: toleratedRefs(verdicts, mutant.rules) }
      : 'drop'
    return { mutant, verdict: ok ? 'tolerated' : 'FALSE FAILURE', failed, gap, seconds, detail, proof }
  }
  const caught = mutant.anyRule
    ? mutant.rules.some((id) => failed.includes(id))
    : mutant.rules.every((id) => failed.includes(id))
  return {
    mutant,
    verdict: caught ? 'caught' : 'NOT CAUGHT',
    failed,
    gap,
    seconds,
    detail: caught ? counterexamples(run) : failingTests(run),
    // Not caught, its former proof no longer holds.
    proof: caught ? { description, caught: caughtRefs(verdicts, controlFailed), tolerated: [] } : 'drop',
  }
}

const all: { mutant: Mutant; gap: string | undefined }[] = [
  ...[...MUTANTS, ...THIRD_PARTY_MUTANTS].map((mutant) => ({ mutant, gap: undefined })),
  ...[...KNOWN_GAPS, ...THIRD_PARTY_GAPS].map((mutant) => ({ mutant, gap: mutant.gap })),
]
const asked = process.argv.slice(2)
const unknown = asked.filter((id) => !all.some(({ mutant }) => mutant.id === id))
if (unknown.length > 0) {
  console.error(
    `unknown mutants: ${unknown.join(', ')}\nknown: ${all.map(({ mutant }) => mutant.id).join(', ')}`,
  )
  process.exit(2)
}
const selected = asked.length > 0 ? all.filter(({ mutant }) => asked.includes(mutant.id)) : all
const duplicates = all.filter(
  ({ mutant }, i) => all.findIndex((other) => other.mutant.id === mutant.id) !== i,
)
const problems = [
  ...duplicates.map(({ mutant }) => `${mutant.id}: the id is used twice`),
  ...catalogProblems(
    selected.map(({ mutant }) => mutant),
    committed,
  ),
]
if (problems.length > 0) {
  console.error(`The mutant catalog does not fit commit ${commit.slice(0, 12)}:\n  ${problems.join('\n  ')}`)
  console.error('Update the mutants of reference-run/mutants/ (see catalog.ts) to the code as it is now.')
  process.exit(2)
}

const started = Date.now()
console.log(
  `Mutants of commit ${commit.slice(0, 12)}` +
    (uncommittedChanges() ? ' (uncommitted changes are not part of the run)' : '') +
    `: ${selected.length} run(s), ${WORKERS} worker each.`,
)

const controlSpecs = [...new Set(selected.flatMap(({ mutant }) => mutant.specs))]
const control: SuiteRun | Error = await runEditedTree(
  'mutant-control',
  [],
  controlSpecs,
  basePort,
  NO_FOUNDATIONS,
)
const controlBroken = brokenBecause(control)
if (controlBroken !== undefined || control instanceof Error) {
  console.error('The control run on the unmutated tree broke, so no mutant can be judged:')
  console.error(`  ${(controlBroken ?? []).join('\n  ')}`)
  process.exit(1)
}
// A rule that fails without any mutant proves nothing under one: those mutants are reported broken.
const controlFailed = failedRules(control)
console.log(
  controlFailed.length === 0
    ? `control (no mutant, ${controlSpecs.length} spec files): every rule passes`
    : `control (no mutant): FAILED ${controlFailed.join(', ')}\n  ${failingTests(control).join('\n  ')}`,
)

const outcomes: Outcome[] = []
for (const [index, { mutant, gap }] of selected.entries()) {
  const outcome = await runMutant(mutant, portOfRun(index), gap, controlFailed)
  outcomes.push(outcome)
  recordRun(
    'mutant',
    all.map(({ mutant }) => mutant.id),
    mutant.id,
    outcome.proof,
    commit,
  )
  console.log(`[${index + 1}/${selected.length}] ${mutant.id}: ${outcome.verdict} (${outcome.seconds} s)`)
  if (outcome.verdict === 'caught') for (const line of outcome.detail) console.log(`  ${line}`)
}

console.log(
  `\n${table([
    ['mutant', 'expected rule(s)', 'failed rules', 'verdict'],
    ...outcomes.map(({ mutant, failed, verdict, gap }) => [
      mutant.id,
      mutant.rules.join(mutant.anyRule ? ' or ' : ', '),
      failed.join(', ') || '-',
      gap === undefined ? verdict : `known gap: ${verdict}`,
    ]),
  ])}`,
)
const expected = (o: Outcome) => o.verdict === 'caught' || o.verdict === 'tolerated'
for (const { mutant, verdict, detail, gap } of outcomes.filter((o) => !expected(o) || o.gap)) {
  const note =
    gap === undefined
      ? mutant.description
      : verdict === 'caught'
        ? 'now caught: move it from KNOWN_GAPS to MUTANTS'
        : gap
  console.log(`\n${mutant.id} (${verdict}): ${note}\n  ${detail.join('\n  ')}`)
}
const missed = outcomes.filter((o) => o.gap === undefined && !expected(o))
const minutes = ((Date.now() - started) / 60_000).toFixed(1)
console.log(
  `\n${outcomes.length - missed.length} of ${outcomes.length} as expected, ${missed.length} not caught or broken; ${minutes} min`,
)
console.log(
  "Each rule's proof that it can fail is updated in reports/rule-proof.jsonl (a broken run left its line as it was).",
)
process.exit(missed.length === 0 && controlFailed.length === 0 ? 0 : 1)
