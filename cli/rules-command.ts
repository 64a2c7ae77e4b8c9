import { RULES } from '../conformance/harness/rules/registry.ts'
import { clausesOf, tierOf } from '../conformance/harness/rules/rule.ts'
import { closestName } from '../conformance/harness/target/closest-name.ts'
import { listTests } from '../conformance/tools/list-tests.ts'
import { testsByRule } from '../conformance/tools/rule-coverage.ts'
import { clauseProofLines, proofOf, proofSource, wholeRuleLine } from '../reports/src/rule-proof.ts'
import { readRuleProof } from '../reports/src/rule-proof-file.ts'
import { takeFlag, UsageError } from './run-options.ts'

const AUTOMATIC = 'every response the suite receives (conformance/harness/http/response-checks.ts)'

export const RULES_HELP = `Usage: npx --no-install op-conformance rules [RULE-ID] [--json]

Without RULE-ID: one line per rule of the registry: ID, level (MUST/SHOULD/MAY), tier, how many tests check it,
and its statement. With RULE-ID: that rule, its spec section, its clauses (each must be seen to hold for the rule
to pass), each with its proof that it can fail (the mutants of the maintainers' catalogues it caught, the allowed
variants it tolerated, and the suite commit they ran on), and every test that checks it.
  --json   the same as JSON (every rule, or the one named), each with its tests and its proof
  --help   this text
What the levels and tiers decide: docs/verdict.md.
`

type RuleRow = ReturnType<typeof ruleRows>[number]

/** `op-conformance rules [RULE-ID] [--json]`: the registry, one line a rule, or one rule with its tests. */
export function rulesCommand(argv: readonly string[]): number {
  const args = [...argv]
  const json = takeFlag(args, '--json')
  const [id, ...rest] = args
  if (rest.length > 0 || id?.startsWith('-'))
    throw new UsageError(`rules: unknown argument ${rest[0] ?? id} (see op-conformance rules --help)`)
  if (id !== undefined && !RULES.some((rule) => rule.id === id)) {
    const meant = closestName(
      id,
      RULES.map((rule) => rule.id),
    )
    throw new UsageError(
      `rules: no rule ${id}${meant ? `; did you mean ${meant}?` : ''} (op-conformance rules lists them)`,
    )
  }
  const rows = ruleRows(id)
  if (json) process.stdout.write(`${JSON.stringify(id ? rows[0] : rows, null, 2)}\n`)
  else if (id) console.log(ruleDetails(rows[0]!).join('\n'))
  else {
    const width = Math.max(...rows.map((row) => row.id.length))
    for (const row of rows) console.log(ruleLine(row, width))
    console.log(
      `\n${rows.length} rules; op-conformance rules RULE-ID shows one with its tests and its proof that it can fail (docs/verdict.md says what the levels and tiers decide)`,
    )
  }
  return 0
}

function ruleRows(id?: string) {
  const tests = testsByRule(listTests().suites)
  const proof = readRuleProof()
  return RULES.filter((rule) => id === undefined || rule.id === id).map((rule) => ({
    id: rule.id,
    level: rule.level,
    tier: tierOf(rule),
    statement: rule.statement,
    section: rule.section,
    clauses: clausesOf(rule),
    tests: rule.automatic ? [AUTOMATIC] : (tests.get(rule.id) ?? []),
    ...(rule.pending && !tests.has(rule.id) ? { pending: rule.pending } : {}),
    proof: proofOf(rule, proof),
  }))
}

function ruleLine(row: RuleRow, width: number): string {
  const tests = row.pending
    ? 'pending'
    : row.tests[0] === AUTOMATIC
      ? 'automatic'
      : row.tests.length === 1
        ? '1 test'
        : `${row.tests.length} tests`
  return `${row.id.padEnd(width)}  ${row.level.padEnd(6)}  ${row.tier.padEnd(11)}  ${tests.padEnd(9)}  ${row.statement}`
}

function ruleDetails(row: RuleRow): string[] {
  return [
    `${row.id}  ${row.level}  ${row.tier}`,
    `  ${row.statement}`,
    `  section: ${row.section}`,
    ...(row.pending ? [`  pending: ${row.pending}`] : []),
    // What a PASS stands on: each clause seen to hold by a check that is not a positive control (docs/verdict.md).
    `  passes only when ${row.clauses.length === 1 ? 'its one clause holds' : `each of its ${row.clauses.length} clauses holds`}:`,
    ...row.proof.clauses.flatMap((c) => [
      `  - ${c.ref}: ${c.says}${c.situation ? ` (needs: ${c.situation})` : ''}`,
      ...(row.proof.known ? clauseProofLines(c).map((line) => `      ${line}`) : []),
    ]),
    ...row.proof.caughtWhole.map((item) => `  ${wholeRuleLine(item)}`),
    `  ${proofSource(row.proof)}`,
    `  checked by ${row.tests.length === 1 ? '1 test' : `${row.tests.length} tests`}:`,
    ...row.tests.map((test) => `  - ${test}`),
  ]
}
