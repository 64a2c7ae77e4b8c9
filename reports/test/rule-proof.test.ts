import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Rule } from '../../conformance/harness/rules/rule.ts'
import { renderVerdictHtml } from '../src/render-verdict-html.ts'
import {
  clauseProofLines,
  isProven,
  proofOf,
  proofSource,
  uncoveredMustClauses,
  wholeRuleLine,
} from '../src/rule-proof.ts'
import { formatRuleProof, type ProofRun, parseRuleProof, type RuleProofFile } from '../src/rule-proof-file.ts'
import { sampleDocument } from './sample-verdict.ts'

const rules: Rule[] = [
  {
    id: 'IP-CREATE',
    level: 'MUST',
    section: 's',
    statement: 'create',
    clauses: [
      { id: 'created', says: 'create answers 201' },
      { id: 'methods', says: 'the payment carries methods' },
    ],
  },
  { id: 'CONT-WAIT', level: 'MUST', section: 's', statement: 'wait is a whole number' },
  { id: 'WA-DOC-ID', level: 'SHOULD', section: 's', statement: 'the id is the URL' },
  { id: 'OAS-STRICT', level: 'MUST', section: 's', tier: 'beyond-spec', statement: 'schema' },
]

const COMMIT = 'a6e9d4e0123456789abcdef0123456789abcdef0'
const run = (kind: ProofRun['kind'], id: string, caught: string[], tolerated: string[] = []): ProofRun => ({
  kind,
  id,
  commit: COMMIT,
  date: '2026-12-06',
  description: `the ${id} behaviour`,
  caught,
  tolerated,
})

const file: RuleProofFile = {
  rules: ['IP-CREATE', 'CONT-WAIT', 'WA-DOC-ID', 'OAS-STRICT'],
  runs: [
    run('variant', 'no-continue-wait', [], ['CONT-WAIT#statement']),
    run('mutant', 'create-incoming-500', ['IP-CREATE#created']),
    run('mutant', 'methods-empty', ['IP-CREATE#methods', 'IP-METHODS#statement']),
    run('signature', 'digest off', ['IP-CREATE']),
  ],
}

describe('the rule proof file', () => {
  test('one line a rule, then one a run, sorted: a run recorded again changes its own line only', () => {
    const text = formatRuleProof(file)
    const lines = text.trimEnd().split('\n')
    assert.deepEqual(
      lines.map((line) => Object.entries(JSON.parse(line))[0]!.join(' ')),
      [
        'rule CONT-WAIT',
        'rule IP-CREATE',
        'rule OAS-STRICT',
        'rule WA-DOC-ID',
        'mutant create-incoming-500',
        'mutant methods-empty',
        'signature digest off',
        'variant no-continue-wait',
      ],
    )
    assert.equal(
      lines[4],
      `{"mutant":"create-incoming-500","commit":"${COMMIT}","date":"2026-12-06","description":"the create-incoming-500 behaviour","caught":["IP-CREATE#created"],"tolerated":[]}`,
    )
    const parsed = parseRuleProof(text)
    assert.deepEqual(parsed.problems, [])
    assert.equal(formatRuleProof(parsed), text)
  })

  test('names each line that is not what the writer writes', () => {
    const parsed = parseRuleProof('{"rule":"CONT-WAIT"}\n<<<<<<< HEAD\n{"mutant":"x","commit":"c"}\n')
    assert.deepEqual(parsed.rules, ['CONT-WAIT'])
    assert.deepEqual(parsed.problems, [
      'line 2: not JSON',
      'line 3: neither a rule nor a run: {"mutant":"x","commit":"c"}',
    ])
  })
})

describe("a rule's proof", () => {
  test('per clause: the runs that caught it and those it tolerated; a run of the rule as a whole apart', () => {
    const p = proofOf(rules[0]!, file)
    assert.deepEqual(
      p.clauses.map((c) => [c.ref, c.caught.map((i) => i.id), c.tolerates.map((i) => i.id)]),
      [
        ['IP-CREATE#created', ['create-incoming-500'], []],
        ['IP-CREATE#methods', ['methods-empty'], []],
      ],
    )
    assert.deepEqual(p.caughtWhole.map(wholeRuleLine), [
      'caught, on no named clause: the digest off behaviour (signature mutant digest off)',
    ])
    assert.ok(isProven(p))
    assert.deepEqual(clauseProofLines(p.clauses[1]!), [
      'caught: the methods-empty behaviour (mutant methods-empty)',
    ])
    assert.equal(
      proofSource(p),
      'proof that it can fail: the catalogues run on commit a6e9d4e01234 (2026-12-06)',
    )
  })

  test('a rule only tolerated, one no run reached, and one the file does not know say so plainly', () => {
    const wait = proofOf(rules[1]!, file)
    assert.deepEqual(clauseProofLines(wait.clauses[0]!), [
      'caught: nothing yet: no mutant of the catalogues made it fail',
      'tolerates: the no-continue-wait behaviour (variant no-continue-wait)',
    ])
    assert.match(
      proofSource(wait),
      /^no mutant made it fail; what it tolerates: the catalogues run on commit/,
    )
    assert.equal(
      proofSource(proofOf(rules[2]!, file)),
      'no proof: no mutant of the catalogues made WA-DOC-ID fail, and no variant exercised it',
    )
    assert.equal(
      proofSource(proofOf(rules[2]!, { ...file, rules: [] })),
      'no proof: the catalogues have not run since WA-DOC-ID was added (npm run mutants, npm run variants)',
    )
  })

  test('runs on several commits name the latest', () => {
    const later = {
      ...run('mutant', 'later', ['IP-CREATE#created']),
      commit: 'f'.repeat(40),
      date: '2026-12-07',
    }
    assert.equal(
      proofSource(proofOf(rules[0]!, { ...file, runs: [...file.runs, later] })),
      'proof that it can fail: the catalogues run on 2 commits, the latest ffffffffffff (2026-12-07)',
    )
  })

  test('of two commits proved on one day, the later run is the latest, whatever the order of the lines', () => {
    const at = (commit: string, date: string) => ({
      ...run('mutant', `on-${commit}`, ['IP-CREATE#created']),
      commit: commit.repeat(40),
      date,
    })
    const runs = [at('b', '2026-12-08T21:05:00Z'), at('a', '2026-12-08T09:30:00Z')]
    assert.equal(
      proofSource(proofOf(rules[0]!, { ...file, runs: [...runs].reverse() })),
      'proof that it can fail: the catalogues run on 2 commits, the latest bbbbbbbbbbbb (2026-12-08)',
    )
  })

  test('the uncovered clauses are those of spec MUST rules no current run caught', () => {
    assert.deepEqual(uncoveredMustClauses(rules, file), ['CONT-WAIT#statement'])
    assert.deepEqual(
      uncoveredMustClauses(rules, file, (r) => r.id !== 'methods-empty'),
      ['IP-CREATE#methods', 'CONT-WAIT#statement'],
    )
  })
})

describe('the verdict page', () => {
  const document = sampleDocument()
  const proof: RuleProofFile = {
    rules: document.rules.map((r) => r.rule.id).filter((id) => id !== 'IP-GET'),
    runs: [
      run('mutant', 'create-incoming-500', ['IP-CREATE#statement']),
      run('variant', 'long-tokens', [], ['TOKEN-EXPIRY#statement']),
    ],
  }
  const page = renderVerdictHtml(document, proof)
  const section = (id: string) => page.slice(page.indexOf(`id="rule-${id}"`)).split('</tbody>')[0]!

  test("shows each rule's proof: what caught it, what it tolerates, and the commit", () => {
    assert.match(
      section('IP-CREATE'),
      /<summary>Proof that it can fail: 1 fault caught<\/summary><p class="muted">From the catalogues run on commit a6e9d4e01234 \(2026-12-06\)\.<\/p><ul><li>IP-CREATE#statement<ul><li>caught: the create-incoming-500 behaviour \(mutant create-incoming-500\)<\/li><\/ul>/,
    )
    assert.match(
      section('TOKEN-EXPIRY'),
      /No fault made it fail, 1 allowed variant tolerated.*tolerates: the long-tokens behaviour \(variant long-tokens\)/,
    )
  })

  test('a rule with no proof says so plainly', () => {
    assert.match(
      section('OP-PROCESS'),
      /<div class="muted proof">no proof: no mutant of the catalogues made OP-PROCESS fail, and no variant exercised it\.<\/div>/,
    )
    assert.match(section('IP-GET'), /no proof: the catalogues have not run since IP-GET was added/)
  })

  test('rendered without a proof, the page shows none', () => {
    assert.doesNotMatch(renderVerdictHtml(document), /Proof that it can fail|no proof/)
  })
})
