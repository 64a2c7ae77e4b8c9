import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { RULES } from '../../conformance/harness/rules/registry.ts'
import { clausesOf } from '../../conformance/harness/rules/rule.ts'
import type { ProofRun, RuleProofFile } from '../../reports/src/rule-proof-file.ts'
import type { ClauseStatus, RuleStatus, RuleVerdict } from '../../reports/src/verdict.ts'
import { caughtRefs, recordRun, toleratedRefs, withRun } from '../mutants/rule-proof-record.ts'

const AT = { commit: 'c'.repeat(40), date: '2026-12-06' }
const line = (kind: ProofRun['kind'], id: string, caught: string[] = []): ProofRun => ({
  kind,
  id,
  ...AT,
  description: id,
  caught,
  tolerated: [],
})

/** A rule's verdict with the given status, and its clauses' (the others not exercised). */
function verdict(id: string, status: RuleStatus, clauses: Record<string, ClauseStatus> = {}): RuleVerdict {
  const rule = RULES.find((r) => r.id === id)!
  return {
    rule,
    status,
    clauses: clausesOf(rule).map((c) => ({
      ...c,
      status: clauses[c.id] ?? 'not-exercised',
      held: 0,
      failed: 0,
    })),
  } as unknown as RuleVerdict
}

describe('recording a run into the rule proof file', () => {
  const before: RuleProofFile = {
    rules: ['CONT-WAIT', 'GONE-RULE'],
    runs: [
      line('mutant', 'kept', ['CONT-WAIT#statement']),
      line('mutant', 'again', ['IP-CREATE#created']),
      line('mutant', 'removed-from-the-catalogue'),
      line('variant', 'a-variant'),
    ],
  }
  const catalogue = ['kept', 'again', 'new']

  test("replaces the run's own line, keeps the others of its catalogue and drops those no longer in it", () => {
    const after = withRun(
      before,
      'mutant',
      catalogue,
      'again',
      { description: 'd', caught: ['IP-CREATE#methods'], tolerated: [] },
      AT,
    )
    assert.deepEqual(
      after.runs.map((r) => `${r.kind} ${r.id} ${r.caught.join(',')}`),
      ['mutant kept CONT-WAIT#statement', 'variant a-variant ', 'mutant again IP-CREATE#methods'],
    )
    // Every rule of the registry, as it is now.
    assert.deepEqual(
      after.rules,
      RULES.map((r) => r.id),
    )
  })

  test('a run that no longer ends as declared takes its line away', () => {
    const after = withRun(before, 'mutant', catalogue, 'kept', 'drop', AT)
    assert.deepEqual(
      after.runs.map((r) => r.id),
      ['again', 'a-variant'],
    )
  })

  test('writes the file; a broken run leaves it untouched; a file a merge left broken is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rule-proof-'))
    const file = join(dir, 'rule-proof.jsonl')
    try {
      recordRun(
        'variant',
        ['v'],
        'v',
        { description: 'tolerated', caught: [], tolerated: ['CONT-WAIT#statement'] },
        AT.commit,
        file,
      )
      const written = readFileSync(file, 'utf8')
      assert.match(
        written,
        /^\{"variant":"v","commit":"c{40}","date":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ","description":"tolerated","caught":\[\],"tolerated":\["CONT-WAIT#statement"\]\}$/m,
      )
      recordRun('variant', ['v'], 'v', 'keep', AT.commit, file)
      assert.equal(readFileSync(file, 'utf8'), written)
      writeFileSync(file, `${written}=======\n`)
      assert.throws(
        () => recordRun('variant', ['v'], 'v', 'drop', AT.commit, file),
        /is not what the runners write \(line \d+: not JSON\): mend it/,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('what a run proves', () => {
  const verdicts = [
    verdict('IP-CREATE', 'failed', { created: 'held', methods: 'failed' }),
    verdict('CONT-WAIT', 'failed'),
    verdict('OP-GET', 'passed', { found: 'held', listed: 'warned', 'unknown-404': 'not-exercised' }),
    verdict('TOKEN-EXPIRY', 'not-applicable', { statement: 'not-applicable' }),
    verdict('QT-GET', 'inconclusive', { found: 'held' }),
  ]

  test('caught: each failed clause, or the rule failed on no named clause; not what the control run failed', () => {
    assert.deepEqual(caughtRefs(verdicts), ['IP-CREATE#methods', 'CONT-WAIT'])
    assert.deepEqual(caughtRefs(verdicts, ['CONT-WAIT', 'IP-CREATE#methods']), [])
  })

  test('tolerated: the clauses it is about that were exercised, of rules neither failed nor inconclusive', () => {
    assert.deepEqual(
      toleratedRefs(verdicts, ['IP-CREATE', 'OP-GET', 'TOKEN-EXPIRY', 'QT-GET', 'CONT-WAIT']),
      ['OP-GET#found', 'OP-GET#listed', 'TOKEN-EXPIRY#statement'],
    )
    assert.deepEqual(toleratedRefs(verdicts, ['OP-GET#listed']), ['OP-GET#listed'])
  })
})
