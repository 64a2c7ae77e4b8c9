import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Rule } from '../../conformance/harness/rules/rule.ts'
import { renderVerdictMarkdown, summaryLines } from '../src/render-verdict.ts'
import { renderVerdictHtml } from '../src/render-verdict-html.ts'
import { computeVerdict, type TestRecord } from '../src/verdict.ts'
import { buildVerdictDocument } from '../src/verdict-document.ts'
import { SAMPLE_SUBJECT } from './sample-verdict.ts'

const RULES: Rule[] = [
  { id: 'CL-SIGNED', level: 'MUST', section: 'Authentication', statement: 'signatures verify' },
  { id: 'CL-KEYID', level: 'MUST', section: 'Authentication', statement: 'keyid is the kid' },
  { id: 'CL-OP-FORM', level: 'MUST', section: 'Outgoing Payment', statement: 'quoteId or debitAmount' },
  { id: 'CL-COMPLETES', level: 'MUST', section: 'x', tier: 'beyond-spec', statement: 'finishes' },
]

/** One rule judged in one scenario, as client-conformance/grade-scenario.ts records it. */
const judged = (scenario: string, rule: string, errors: string[] = []): TestRecord => ({
  title: `${scenario}: ${rule}`,
  file: `client scenario ${scenario}`,
  rules: [rule],
  outcome: errors.length > 0 ? 'failed' : 'passed',
  warnings: [],
  errors,
  observations: errors.length > 0 ? [] : [{ rule, outcome: 'pass', line: 'checked', count: 2 }],
})

const BAD = '[CL-SIGNED] POST /quotes: does not verify; the ASE answered 401 unauthorized: no'
const RECORDS: TestRecord[] = [
  judged('payment-flow', 'CL-SIGNED', [BAD]),
  judged('long-list', 'CL-SIGNED', [BAD]),
  judged('as-uri', 'CL-SIGNED', [`${BAD}\n[CL-SIGNED] GET /x: does not verify`]),
  ...['payment-flow', 'long-list', 'as-uri'].map((s) => judged(s, 'CL-KEYID')),
  judged('payment-flow', 'CL-COMPLETES', ['[CL-COMPLETES] step create-quote failed']),
  judged('long-list', 'CL-COMPLETES'),
  {
    ...judged('as-uri', 'CL-COMPLETES'),
    outcome: 'skipped',
    skipReason: 'nothing to observe',
    observations: [],
  },
]

function clientDocument() {
  const verdict = computeVerdict(RULES, RECORDS, {
    filtered: false,
    unreachedReason: 'not reached by any scenario: the client stopped early in payment-flow (CL-COMPLETES)',
  })
  return {
    ...buildVerdictDocument({
      verdict,
      subject: SAMPLE_SUBJECT,
      runStatus: 'failed',
      otherFailures: [],
      evidence: {},
    }),
    subject: { kind: 'client' as const, adapter: 'python3 adapter.py', client: 'my-sdk 1.2.0' },
  }
}

describe('a client verdict a developer reads once', () => {
  const markdown = renderVerdictMarkdown(clientDocument())

  test('each rule row names the scenarios that judged it, by outcome', () => {
    const row = (id: string) =>
      markdown.split('\n').find((line) => line.startsWith(`| ${id} `) || line.startsWith(`| [${id}]`))
    assert.match(row('CL-SIGNED')!, /\| failed in every scenario \(3\); 3 failing \|$/)
    assert.match(row('CL-KEYID')!, /\| passed in every scenario \(3\); 6 passing checks \|$/)
    assert.match(
      row('CL-COMPLETES')!,
      /\| failed in payment-flow; passed in long-list; nothing to judge in as-uri; 2 passing checks, 1 failing; nothing to observe \|$/,
    )
    // A rule no scenario reached says why, and is NOT TESTED: the run is whole, never "filtered".
    assert.match(
      row('CL-OP-FORM')!,
      /\| NOT TESTED \|.*\| not reached by any scenario: the client stopped early in payment-flow \(CL-COMPLETES\) \|$/,
    )
    assert.doesNotMatch(markdown, /filtered/)
  })

  test('the counts say what a test is: one rule judged in one scenario', () => {
    assert.match(
      markdown,
      /^Scenarios: 3 run\. A rule is judged in each scenario where the client did something it covers: 8 judgements \(scenario × rule\), 4 passed, 4 failed; in 1 more, a rule the scenario names had nothing to judge\.$/m,
    )
    assert.doesNotMatch(markdown, /^Tests: /m)
  })

  test('no section, row or count line for a tier without rules', () => {
    assert.doesNotMatch(markdown, /Robustness/)
    assert.doesNotMatch(renderVerdictHtml(clientDocument()), /<th>robustness<\/th>|data-tier="robustness"/)
    assert.equal(summaryLines(clientDocument()).filter((line) => /robustness/.test(line)).length, 0)
  })

  test('a failure is told once, with the scenarios that saw it, each line without the rule prefix', () => {
    const details = markdown.slice(markdown.indexOf('## Details'))
    assert.equal(details.split('POST /quotes: does not verify').length - 1, 2)
    assert.match(details, /^In scenarios payment-flow, long-list:$/m)
    assert.match(
      details,
      /^In scenario as-uri:\n\n```\nPOST \/quotes: does not verify; .*\nGET \/x: does not verify\n```$/m,
    )
    assert.doesNotMatch(details, /\[CL-SIGNED\]|^- FAIL/m)
  })

  test('the console names the first failure, then where, under the failed rule', () => {
    const lines = summaryLines(clientDocument())
    const at = lines.findIndex((line) => /FAIL +CL-SIGNED/.test(line))
    assert.match(lines[at + 1]!, /^ +POST \/quotes: does not verify; the ASE answered 401 unauthorized: no$/)
    assert.match(lines[at + 2]!, /^ +in payment-flow \(and 2 other scenarios\)$/)
  })
})
