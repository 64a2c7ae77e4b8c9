import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { splitRef } from '../../conformance/harness/rules/rules-named-in.ts'
import type { RuleVerdict } from '../../reports/src/verdict.ts'
import { TARGET_ENV } from '../../settings/run-settings.ts'
import { ANSWERS_LATE_ENV, PROOF_LATENESS, workersAnswering } from '../late-answers.ts'
import { caughtRefs, type RunProof, recordRun, toleratedRefs } from '../mutants/rule-proof-record.ts'
import { ruleVerdicts } from '../mutants/suite-run.ts'
import {
  brokenBecause,
  commit,
  committed,
  failingTests,
  portOfRun,
  runEditedTree,
  table,
  uncommittedChanges,
  WORKERS,
} from '../mutants/tree-run.ts'
import { startStubServer } from '../stub-server/stub-server.ts'
import { writeStubTarget } from '../stub-server/stub-target.ts'
import { VARIANTS } from './catalog.ts'
import type { Variant } from './variant.ts'
import { variantCatalogProblems } from './variant-catalog-problems.ts'
import { mismatches, variantVerdict } from './variant-verdict.ts'

/**
 * Proves the suite does not fail a correct server that chooses differently where the spec is open: for each
 * variant of the catalog, a copy of the committed tree with that one behaviour changed runs the variant's spec
 * files (every spec file with --whole-suite), and the verdict must be the one the variant declares. Exits
 * non-zero on any mismatch or broken run.
 *
 *   npm run variants [-- [--whole-suite] [--late] variant-id ...]
 *
 * --late: every answer of the reference server 1 to 4 s late (ANSWERS_LATE_MS, reference-run/late-answers.ts).
 *
 * Each run has its own temporary copy and ports, from REFERENCE_PORT (default 3470) upwards. The unchanged tree
 * needs no control run here: `npm run conformance` is it. What a run that ended as declared proves is kept in
 * reports/rule-proof.jsonl (rule-proof-record.ts): the clauses of the rules it is about that tolerated it, and for a
 * situation that must fail, the clauses of its failing rules.
 */

interface Outcome {
  variant: Variant
  got: string
  decidedBy: string[]
  ok: boolean
  seconds: number
  detail: string[]
  proof: RunProof
}

const args = process.argv.slice(2)
const wholeSuite = args.includes('--whole-suite')
const late = args.includes('--late')
const asked = args.filter((arg) => arg !== '--whole-suite' && arg !== '--late')
// Late, each worker mostly waits for answers, as a run against a target that far away does.
const workers = late ? workersAnswering(PROOF_LATENESS, WORKERS) : WORKERS
const unknown = asked.filter((id) => !VARIANTS.some((variant) => variant.id === id))
if (unknown.length > 0) {
  console.error(`unknown variants: ${unknown.join(', ')}\nknown: ${VARIANTS.map((v) => v.id).join(', ')}`)
  process.exit(2)
}
const selected = asked.length > 0 ? VARIANTS.filter((variant) => asked.includes(variant.id)) : VARIANTS
const problems = variantCatalogProblems(selected, committed)
if (problems.length > 0) {
  console.error(`The variant catalog does not fit commit ${commit.slice(0, 12)}:\n  ${problems.join('\n  ')}`)
  process.exit(2)
}

async function runVariant(variant: Variant, port: number): Promise<Outcome> {
  const started = Date.now()
  const stub = variant.server === 'stub' ? await startStub(port) : undefined
  const run = await runEditedTree(
    `variant-${variant.id}`,
    variant.edits,
    wholeSuite ? [] : variant.specs,
    port,
    {
      env: {
        ...(stub ? { [TARGET_ENV]: stub.target } : {}),
        ...(late ? { [ANSWERS_LATE_ENV]: PROOF_LATENESS } : {}),
      },
      workers,
    },
  ).finally(() => stub?.close())
  const seconds = Math.round((Date.now() - started) / 1000)
  const broken = brokenBecause(run)
  if (broken !== undefined || run instanceof Error) {
    return { variant, got: 'broken', decidedBy: [], ok: false, seconds, detail: broken ?? [], proof: 'keep' }
  }
  const verdicts = ruleVerdicts(run)
  const verdict = variantVerdict(verdicts)
  const wrong = mismatches(variant.expected, verdict)
  const detail = [...wrong, ...verdict.reasons, ...(wrong.length > 0 ? failingTests(run) : [])]
  const ok = wrong.length === 0
  return {
    variant,
    got: verdict.got,
    decidedBy: verdict.decidedBy,
    ok,
    seconds,
    detail,
    proof: ok ? proofOf(variant, verdicts) : 'drop',
  }
}

/** What a run that ended as declared proves: what it was tolerated by, and what a situation that must fail failed. */
function proofOf(variant: Variant, verdicts: readonly RuleVerdict[]): RunProof {
  const { expected } = variant
  const fails: readonly string[] = expected.verdict === 'NOT CONFORMANT' ? expected.fails : []
  return {
    description: variant.description,
    caught: caughtRefs(verdicts).filter((ref) => fails.includes(splitRef(ref).rule)),
    tolerated: toleratedRefs(verdicts, variant.about),
  }
}

/** The stateless stub at `port`, and its target file in a temporary folder removed with it. */
async function startStub(port: number): Promise<{ target: string; close(): Promise<void> }> {
  const server = await startStubServer(port)
  const dir = mkdtempSync(join(tmpdir(), 'variant-stub-'))
  return {
    target: writeStubTarget(server.url, dir),
    close: async () => {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

const expectation = ({ expected }: Variant) =>
  expected.verdict === 'CONFORMANT'
    ? `CONFORMANT${expected.warns.length > 0 ? ` (warns ${expected.warns.join(', ')})` : ''}`
    : expected.verdict === 'INCOMPLETE'
      ? `INCOMPLETE (${[expected.setting].flat().join(' or ')})`
      : `NOT CONFORMANT (${expected.fails.join(', ')})`

const started = Date.now()
console.log(
  `Allowed variants of commit ${commit.slice(0, 12)}` +
    (uncommittedChanges() ? ' (uncommitted changes are not part of the run)' : '') +
    `: ${selected.length} run(s), ${wholeSuite ? 'the whole suite' : 'their own spec files'}, ${workers} worker(s) each` +
    (late ? `, every answer of the reference server ${PROOF_LATENESS} ms late.` : '.'),
)
const outcomes: Outcome[] = []
for (const [index, variant] of selected.entries()) {
  const outcome = await runVariant(variant, portOfRun(index))
  outcomes.push(outcome)
  recordRun(
    'variant',
    VARIANTS.map(({ id }) => id),
    variant.id,
    outcome.proof,
    commit,
  )
  console.log(`[${index + 1}/${selected.length}] ${variant.id}: ${outcome.got} (${outcome.seconds} s)`)
}
console.log(
  `\n${table([
    ['variant', 'expected', 'got', 'decided by', ''],
    ...outcomes.map(({ variant, got, decidedBy, ok }) => [
      variant.id,
      expectation(variant),
      got,
      decidedBy.join(', ') || '-',
      ok ? 'ok' : 'MISMATCH',
    ]),
  ])}`,
)
for (const { variant, detail, ok } of outcomes) {
  if (detail.length > 0)
    console.log(`\n${variant.id}${ok ? '' : ` (${variant.description})`}:\n  ${detail.join('\n  ')}`)
}
const wrong = outcomes.filter((outcome) => !outcome.ok)
const minutes = ((Date.now() - started) / 60_000).toFixed(1)
console.log(`\n${outcomes.length - wrong.length} of ${outcomes.length} as declared; ${minutes} min`)
process.exit(wrong.length === 0 ? 0 : 1)
