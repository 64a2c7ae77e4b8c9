import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, test } from 'node:test'
import { KNOWN_GAPS, MUTANTS } from '../mutants/catalog.ts'
import { catalogProblems } from '../mutants/catalog-problems.ts'
import type { Mutant } from '../mutants/mutant.ts'
import { THIRD_PARTY_GAPS, THIRD_PARTY_MUTANTS } from '../mutants/third-party-mutants.ts'

const repo = resolve(import.meta.dirname, '../..')
const read = (path: string) =>
  existsSync(join(repo, path)) ? readFileSync(join(repo, path), 'utf8') : undefined
const ALL: readonly Mutant[] = [...MUTANTS, ...THIRD_PARTY_MUTANTS, ...KNOWN_GAPS, ...THIRD_PARTY_GAPS]

describe('the mutant catalogue', () => {
  // A code change that moves a mutant's find string fails here, in CI, rather than the next time someone runs
  // `npm run mutants`.
  test('fits the code: each find occurs once, each spec exists and checks the mutant’s rules', () => {
    assert.deepEqual(catalogProblems(ALL, read), [])
  })

  test('has no id twice', () => {
    const ids = ALL.map((mutant) => mutant.id)
    assert.deepEqual(
      ids.filter((id, index) => ids.indexOf(id) !== index),
      [],
    )
  })

  test('names what no longer fits', () => {
    const [mutant] = MUTANTS as [Mutant]
    const stale = {
      ...mutant,
      edits: [{ ...mutant.edits[0]!, find: 'no such code' }],
      rules: ['NO-SUCH-RULE', 'IP-CREATE#no-such-clause'],
    }
    assert.deepEqual(catalogProblems([stale as unknown as Mutant], read), [
      `${mutant.id}: ${mutant.edits[0]!.file}: the find string occurs 0 times, not once: "no such code"`,
      `${mutant.id}: unknown rule ID "NO-SUCH-RULE" (see conformance/harness/rules/registry.ts)`,
      `${mutant.id}: rule IP-CREATE has no clause "no-such-clause" (see conformance/harness/rules/registry.ts)`,
    ])
  })
})
