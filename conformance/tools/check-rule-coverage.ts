import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { RULES } from '../harness/rules/registry.ts'
import { filesUnder } from '../harness/run/files-under.ts'
import { listTests } from './list-tests.ts'
import { findClauseProblems, findCoverageProblems, rulesDeclaredBy } from './rule-coverage.ts'

/**
 * Fails when a registered rule has no test (unless it is marked pending with the issue that will add it), or a
 * test names a rule the registry does not know. Reads Playwright's own test listing, so it sees exactly what runs.
 */
const report = listTests()
const declared = rulesDeclaredBy(report.suites)
const suite = fileURLToPath(new URL('..', import.meta.url))
const sources = filesUnder(suite)
  .filter((file) => file.endsWith('.ts') && !file.includes('unit-tests') && !file.endsWith('registry.ts'))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n')
const problems = [...findCoverageProblems(RULES, declared), ...findClauseProblems(RULES, sources)]
const pending = RULES.filter((rule) => rule.pending && !declared.has(rule.id))

console.log(`rule coverage: ${RULES.length - pending.length} rules with tests, ${pending.length} pending`)
for (const issue of new Set(pending.map((rule) => rule.pending))) {
  const ids = pending.filter((rule) => rule.pending === issue).map((rule) => rule.id)
  console.log(`  pending ${issue}: ${ids.join(' ')}`)
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`  ERROR ${problem}`)
  process.exit(1)
}
