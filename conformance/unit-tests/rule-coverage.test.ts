import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { RULES } from '../harness/rules/registry.ts'
import type { Rule } from '../harness/rules/rule.ts'
import {
  findClauseProblems,
  findCoverageProblems,
  type ListedSuite,
  rulesDeclaredBy,
} from '../tools/rule-coverage.ts'

const rules: Rule[] = [
  { id: 'GEN-X', level: 'MUST', section: 's', statement: 'auto', automatic: true },
  { id: 'A-ONE', level: 'MUST', section: 's', statement: 'one' },
  { id: 'B-LATER', level: 'MUST', section: 's', statement: 'later', pending: 'issue #9' },
]

const listing = (...ids: string[]): ListedSuite[] => [
  {
    title: 'file.spec.ts',
    specs: [
      { title: 'a test', tests: [{ annotations: ids.map((id) => ({ type: 'rule', description: id })) }] },
    ],
  },
]

describe('rule coverage', () => {
  test('every rule covered or pending: no problem', () => {
    assert.deepEqual(findCoverageProblems(rules, rulesDeclaredBy(listing('A-ONE'))), [])
  })

  test('a rule without a test is reported', () => {
    assert.deepEqual(findCoverageProblems(rules, rulesDeclaredBy(listing())), [
      'GEN-X has no test and is not marked pending',
      'A-ONE has no test and is not marked pending',
    ])
  })

  test('a test naming an unknown rule is reported', () => {
    const problems = findCoverageProblems(rules, rulesDeclaredBy(listing('A-ONE', 'Z-TYPO')))
    assert.deepEqual(problems, ['unknown rule ID Z-TYPO declared by: a test'])
  })

  test('a pending rule that gained a test must drop its marker', () => {
    const problems = findCoverageProblems(rules, rulesDeclaredBy(listing('A-ONE', 'B-LATER')))
    assert.match(problems[0] ?? '', /B-LATER has tests but is still marked pending/)
  })

  test('the registry has unique IDs in the RULE-ID form', () => {
    const ids = RULES.map((rule) => rule.id)
    assert.equal(new Set(ids).size, ids.length)
    for (const id of ids) assert.match(id, /^[A-Z0-9]+(-[A-Z0-9]+)+$/)
  })

  test('each clause of a rule that lists several is named by a check, else the rule could never pass', () => {
    const clauses: Rule = {
      id: 'IP-X',
      level: 'MUST',
      section: 's',
      statement: 'two things',
      clauses: [
        { id: 'created', says: 'one' },
        { id: 'echo', says: 'two' },
      ],
    }
    assert.deepEqual(findClauseProblems([clauses], "rule('IP-X#created', 'x')"), [
      'IP-X#echo is named by no check: the rule could never pass',
    ])
    assert.deepEqual(findClauseProblems([clauses], "'IP-X#created' 'IP-X#echo'"), [])
    const one: Rule = { ...clauses, clauses: [{ id: 'only', says: 'one' }] }
    assert.match(findClauseProblems([one], '')[0] ?? '', /lists one clause and no situation/)
  })
})
