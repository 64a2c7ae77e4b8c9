import { RULE_ANNOTATION } from '../harness/rules/covers.ts'
import { clausesOf, type Rule } from '../harness/rules/rule.ts'

/** The parts of Playwright's JSON listing the coverage check reads. */
export interface ListedSuite {
  title: string
  specs?: {
    title: string
    tags?: string[]
    tests?: { annotations?: { type: string; description?: string }[] }[]
  }[]
  suites?: ListedSuite[]
}

/** Rule ID -> titles of the tests that declare it (annotations; tags are the same IDs with an @). */
export function rulesDeclaredBy(suites: ListedSuite[]): Map<string, string[]> {
  return declarations(suites, (_path, title) => title)
}

/** Rule ID -> the tests that declare it, each as `file › describe › title`: what `op-conformance rules` lists. */
export function testsByRule(suites: ListedSuite[]): Map<string, string[]> {
  return declarations(suites, (path, title) => [...path, title].filter(Boolean).join(' › '))
}

function declarations(
  suites: ListedSuite[],
  name: (path: string[], title: string) => string,
): Map<string, string[]> {
  const declared = new Map<string, string[]>()
  const visit = (suite: ListedSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      const ids = (spec.tests ?? []).flatMap((t) =>
        (t.annotations ?? []).filter((a) => a.type === RULE_ANNOTATION).map((a) => a.description ?? ''),
      )
      for (const id of new Set(ids)) declared.set(id, [...(declared.get(id) ?? []), name(path, spec.title)])
    }
    for (const child of suite.suites ?? []) visit(child, [...path, child.title])
  }
  for (const suite of suites) visit(suite, [suite.title])
  return declared
}

export function findCoverageProblems(rules: readonly Rule[], declared: Map<string, string[]>): string[] {
  const known = new Set(rules.map((rule) => rule.id))
  const anyTest = declared.size > 0
  const problems: string[] = []
  for (const rule of rules) {
    const tested = rule.automatic ? anyTest : declared.has(rule.id)
    if (!tested && !rule.pending) problems.push(`${rule.id} has no test and is not marked pending`)
    if (tested && rule.pending && !rule.automatic) {
      problems.push(`${rule.id} has tests but is still marked pending (${rule.pending}): drop the marker`)
    }
  }
  for (const [id, tests] of declared) {
    if (!known.has(id)) problems.push(`unknown rule ID ${id} declared by: ${tests.join(', ')}`)
  }
  const ids = rules.map((rule) => rule.id)
  for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i)))
    problems.push(`rule ID ${id} is registered twice`)
  return problems
}

/**
 * A clause no check of the suite names can never be seen to hold, so its rule could never pass: each clause of a
 * rule that lists several must be named (`RULE-ID#clause`) somewhere in the suite's code (`sources`: its text, the
 * registry left out). A one-clause rule is named by its ID alone.
 */
export function findClauseProblems(rules: readonly Rule[], sources: string): string[] {
  const problems: string[] = []
  for (const rule of rules.filter((r) => r.clauses)) {
    const ids = clausesOf(rule).map((clause) => clause.id)
    for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i)))
      problems.push(`${rule.id} lists clause ${id} twice`)
    for (const id of ids.filter((id) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)))
      problems.push(`${rule.id}#${id}: a clause ID is kebab-case`)
    if (ids.length === 1 && !clausesOf(rule)[0]!.situation)
      problems.push(
        `${rule.id} lists one clause and no situation: its statement is that clause; drop the list`,
      )
    if (ids.length === 1) continue
    for (const id of ids.filter((id) => !sources.includes(`${rule.id}#${id}`)))
      problems.push(`${rule.id}#${id} is named by no check: the rule could never pass`)
  }
  return problems
}
