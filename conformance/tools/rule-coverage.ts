import { RULE_ANNOTATION } from '../harness/rules/covers.ts'
import type { Rule } from '../harness/rules/rule.ts'

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
