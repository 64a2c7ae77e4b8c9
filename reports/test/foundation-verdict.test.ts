import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { FOUNDATION_STEPS } from '../../conformance/harness/foundations/foundation-steps.ts'
import type { Rule } from '../../conformance/harness/rules/rule.ts'
import { foundationLines } from '../src/foundation-verdict.ts'
import { summaryLines } from '../src/render-verdict.ts'
import { computeVerdict, type TestRecord } from '../src/verdict.ts'
import { saw } from './saw.ts'

const rules: Rule[] = [
  { id: 'WA-DOC', level: 'MUST', section: 's', statement: 'documents' },
  { id: 'GNAP-GRANT-IMMEDIATE', level: 'MUST', section: 's', statement: 'grant' },
  { id: 'IP-CREATE', level: 'MUST', section: 's', statement: 'create' },
  { id: 'IP-GET', level: 'MUST', section: 's', statement: 'get' },
]

const GRANT_FAILS =
  'not reached: a non-interactive grant fails: [GNAP-GRANT-IMMEDIATE] a grant carries access_token.value: POST /auth -> 200 {}'

const record = (title: string, overrides: Partial<TestRecord>): TestRecord => ({
  title,
  file: 'f.spec.ts',
  outcome: 'passed',
  rules: [],
  errors: [],
  warnings: [],
  ...overrides,
})

// A run against a server whose grants carry no token: the first stage fails the grant step, and stops the rest.
const records: TestRecord[] = [
  record('foundations › the wallet address documents', {
    foundation: 'wallet-addresses',
    rules: ['WA-DOC'],
    observations: saw(['WA-DOC']),
  }),
  record('foundations › a non-interactive grant', {
    foundation: 'grant',
    outcome: 'failed',
    rules: ['GNAP-GRANT-IMMEDIATE'],
    errors: [
      'Error: [GNAP-GRANT-IMMEDIATE] a grant carries access_token.value: POST /auth -> 200 {}\n\nmore',
    ],
  }),
  record('foundations › creating and reading an incoming payment', {
    foundation: 'incoming-payment',
    outcome: 'skipped',
    rules: ['IP-CREATE', 'IP-GET'],
    skipReason: GRANT_FAILS,
  }),
  record('incoming payments › get shows what create returned', {
    outcome: 'skipped',
    rules: ['IP-CREATE', 'IP-GET'],
    skipReason: GRANT_FAILS,
  }),
]

describe('the foundations in the verdict', () => {
  const verdict = computeVerdict(rules, records)

  test('the failed step is charged by its check; what needed it is NOT TESTED, not reached, with its reason', () => {
    const status = Object.fromEntries(verdict.rules.map((r) => [r.rule.id, r.status]))
    assert.deepEqual(status, {
      'WA-DOC': 'passed',
      'GNAP-GRANT-IMMEDIATE': 'failed',
      'IP-CREATE': 'skipped',
      'IP-GET': 'skipped',
    })
    assert.deepEqual(verdict.rules.find((r) => r.rule.id === 'IP-GET')?.reasons, [GRANT_FAILS])
  })

  test('the steps in their order, the failed one with its reason, and how many tests it stopped', () => {
    assert.deepEqual(
      verdict.foundations.map(({ step, outcome, reason }) => ({ step, outcome, reason })),
      [
        { step: FOUNDATION_STEPS['wallet-addresses'], outcome: 'holds', reason: undefined },
        { step: FOUNDATION_STEPS.grant, outcome: 'fails', reason: GRANT_FAILS },
        { step: FOUNDATION_STEPS['incoming-payment'], outcome: 'not reached', reason: GRANT_FAILS },
      ],
    )
    // The foundation test that was not reached is a step, not a test the foundations stopped.
    assert.equal(verdict.stoppedByFoundations, 1)
  })

  test('the console and the Markdown say the failing step first', () => {
    const lines = summaryLines(verdict)
    assert.equal(
      lines[0],
      '  FOUNDATION FAILS: a non-interactive grant fails: [GNAP-GRANT-IMMEDIATE] a grant carries access_token.value: POST /auth -> 200 {}',
    )
    assert.match(lines[1]!, /then not reached: creating and reading an incoming payment/)
    assert.match(lines[2]!, /1 tests that need it were not run .*--no-stop/)
  })

  test('when every step holds, nothing is said', () => {
    assert.deepEqual(foundationLines(computeVerdict(rules, records.slice(0, 1))), [])
  })
})
