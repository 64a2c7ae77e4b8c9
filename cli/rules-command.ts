import { RULES } from '../conformance/rules/registry.ts'
import { tierOf } from '../conformance/rules/rule.ts'
import { listTests } from '../conformance/tools/list-tests.ts'
import { testsByRule } from '../conformance/tools/rule-coverage.ts'
import { takeFlag, UsageError } from './run-options.ts'

const AUTOMATIC = 'every response the suite receives (conformance/http/response-checks.ts)'

/** `op-conformance rules [--json]`: every rule of the registry with the tests that check it. */
export function rulesCommand(argv: readonly string[]): number {
  const args = [...argv]
  const json = takeFlag(args, '--json')
  if (args.length > 0) throw new UsageError(`rules: unknown argument ${args[0]} (only --json)`)
  const tests = testsByRule(listTests().suites)
  const rows = RULES.map((rule) => ({
    id: rule.id,
    level: rule.level,
    tier: tierOf(rule),
    statement: rule.statement,
    section: rule.section,
    tests: rule.automatic ? [AUTOMATIC] : (tests.get(rule.id) ?? []),
    ...(rule.pending && !tests.has(rule.id) ? { pending: rule.pending } : {}),
  }))
  if (json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`)
    return 0
  }
  for (const row of rows) {
    console.log(`${row.id}  ${row.level}  ${row.tier}  [${row.section}]`)
    console.log(`  ${row.statement}`)
    if (row.pending) console.log(`  pending: ${row.pending}`)
    for (const test of row.tests) console.log(`  - ${test}`)
  }
  console.log(`\n${rows.length} rules (docs/verdict.md says what the levels and tiers decide)`)
  return 0
}
