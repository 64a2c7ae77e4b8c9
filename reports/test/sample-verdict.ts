import type { Rule } from '../../conformance/harness/rules/rule.ts'
import type { VerdictSubject } from '../src/run-subject.ts'
import { computeVerdict, type TestRecord } from '../src/verdict.ts'
import { buildVerdictDocument, type VerdictDocument } from '../src/verdict-document.ts'
import { saw } from './saw.ts'

/** A small registry and run with every status the reports render: the reports' tests share it. */
export const SAMPLE_RULES: Rule[] = [
  { id: 'GEN-JSON', level: 'MUST', section: 'General', statement: 'JSON bodies', automatic: true },
  {
    id: 'IP-CREATE',
    level: 'MUST',
    section: 'Incoming Payment',
    statement: 'creates <b>incoming</b> payments',
  },
  { id: 'IP-GET', level: 'MUST', section: 'Incoming Payment', statement: 'reads incoming payments' },
  { id: 'OP-PROCESS', level: 'SHOULD', section: 'Outgoing Payment', statement: 'processes payments at once' },
  { id: 'QT-X', level: 'MUST', section: 'Quote', statement: 'cross-asset quotes' },
  { id: 'TOKEN-EXPIRY', level: 'MUST', section: 'Authentication', statement: 'expired tokens are refused' },
  { id: 'GNAP-X', level: 'MUST', section: 'spec-decisions.md: GNAP', statement: 'grant details' },
  { id: 'LATER', level: 'MAY', section: 'Limits', statement: 'later', pending: 'issue 99' },
]

const base = {
  file: 'conformance/tests/x.spec.ts',
  errors: [],
  warnings: [],
  observations: saw(['GEN-JSON']),
}

export const SAMPLE_RECORDS: TestRecord[] = [
  {
    ...base,
    title: 'creates',
    outcome: 'passed',
    rules: ['IP-CREATE'],
    observations: saw(['GEN-JSON', 'IP-CREATE']),
  },
  {
    ...base,
    title: 'reads an unknown id',
    outcome: 'failed',
    rules: ['IP-GET'],
    errors: ['[IP-GET] expected 404, got 401'],
  },
  {
    ...base,
    title: 'settles',
    outcome: 'passed',
    rules: ['OP-PROCESS'],
    warnings: ['[OP-PROCESS] took 9 s'],
    observations: saw(['OP-PROCESS'], 'warning'),
  },
  {
    ...base,
    title: 'quotes cross-asset',
    outcome: 'skipped',
    rules: ['QT-X'],
    notApplicable: 'no otherAsset',
  },
  {
    ...base,
    title: 'token expiry',
    outcome: 'skipped',
    rules: ['TOKEN-EXPIRY'],
    skipReason: 'tokens live 600 s',
  },
  { ...base, title: 'grant', outcome: 'passed', rules: ['GNAP-X'], findings: ['[GNAP-X] no code'] },
]

export const SAMPLE_SUBJECT: VerdictSubject = {
  target: 'Sample ASE <staging>',
  walletAddresses: { sender: 'https://ase.test/alice', receiver: 'https://ase.test/bob' },
  suite: {
    name: 'open-payments-conformance',
    version: '0.1.0',
    commit: 'abc123',
    files: 2,
    sha256: 'a'.repeat(64),
  },
  spec: { openApi: '1.3.0', package: '@interledger/open-payments', packageVersion: '7.4.0' },
  consentDrivers: ['browser'],
  finishedAt: '2026-11-23T15:00:00.000Z',
  latency: [{ operationId: 'get-incoming-payment', count: 3, p50: 12, p95: 40, max: 40 }],
}

export function sampleDocument(records: TestRecord[] = SAMPLE_RECORDS): VerdictDocument {
  return buildVerdictDocument({
    verdict: computeVerdict(SAMPLE_RULES, records),
    subject: SAMPLE_SUBJECT,
    runStatus: 'failed',
    otherFailures: [],
    evidence: {
      'reads an unknown id': [
        {
          name: 'exchange 1: GET /incoming-payments/x -> 401',
          body: 'GET https://ase.test/incoming-payments/x\n\nHTTP 401\n\ncurl -X GET https://ase.test/incoming-payments/x',
        },
      ],
    },
  })
}
