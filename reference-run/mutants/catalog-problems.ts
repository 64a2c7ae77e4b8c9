import { ORACLE_RULES } from '../../conformance/harness/oracles/oracle-rules.ts'
import { checkRef, findRule, type RuleId } from '../../conformance/harness/rules/registry.ts'
import { splitRef } from '../../conformance/harness/rules/rules-named-in.ts'
import type { Mutant } from './mutant.ts'

/** A file's text (at the commit the mutants run on), or undefined when there is no such file. */
export type ReadFile = (path: string) => string | undefined

function occurrences(text: string, find: string): number {
  return text.split(find).length - 1
}

/**
 * Every way the catalog no longer fits the code: a `find` that does not occur exactly once, a spec file that is
 * gone, a rule that is unknown or that none of the mutant's specs checks. The runner refuses to start on any.
 */
export function catalogProblems(mutants: readonly Mutant[], read: ReadFile): string[] {
  const problems: string[] = []
  for (const mutant of mutants) {
    const where = (what: string) => problems.push(`${mutant.id}: ${what}`)
    for (const { file, find } of mutant.edits) {
      const text = read(file)
      if (text === undefined) where(`${file} does not exist`)
      else if (occurrences(text, find) !== 1) {
        where(
          `${file}: the find string occurs ${occurrences(text, find)} times, not once: ${JSON.stringify(find)}`,
        )
      }
    }
    const specs = mutant.specs.map((spec) => ({ spec, text: read(spec) }))
    for (const { spec } of specs.filter((s) => s.text === undefined)) where(`spec ${spec} does not exist`)
    for (const ref of mutant.rules) {
      const { rule: id } = splitRef(ref)
      const rule = findRule(id)
      const unknown = refProblem(ref)
      if (rule === undefined || unknown !== undefined) where(unknown ?? `unknown rule ${id}`)
      // Automatic rules are checked on every response, and the run-wide oracles' on every exchange: no spec names them.
      else if (
        !rule.automatic &&
        !ORACLE_RULES.has(rule.id as RuleId) &&
        !specs.some(({ text }) => text?.includes(`'${id}'`) || text?.includes(`'${id}#`))
      ) {
        where(`none of its specs (${mutant.specs.join(', ')}) checks ${id}`)
      }
    }
  }
  return problems
}

function refProblem(ref: string): string | undefined {
  try {
    checkRef(ref)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}
