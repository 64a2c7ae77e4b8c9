import assert from 'node:assert/strict'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { renderVerdictHtml } from '../../reports/src/render-verdict-html.ts'
import type { TestRecord } from '../../reports/src/verdict.ts'
import { writeClientReports } from '../client-report.ts'
import { CLIENT_RULES } from '../client-rules.ts'
import type { AdapterRun } from '../run-adapter.ts'
import { runClientSuite } from '../run-client-suite.ts'
import { SCENARIOS } from '../scenarios.ts'
import { SuiteCrash } from '../suite-crash.ts'
import { fakeAse } from './fake-run.ts'

const run: AdapterRun = { redirects: [], stderr: '', durationMs: 0, stoppedAfterSilence: false }
const passed = (rule: string): TestRecord => ({
  title: `payment-flow: ${rule}`,
  file: 'client scenario payment-flow',
  rules: [rule],
  outcome: 'passed',
  warnings: [],
  errors: [],
  observations: [{ rule, outcome: 'pass', line: 'checked', count: 1 }],
})
const failed = (rule: string): TestRecord => ({
  ...passed(rule),
  outcome: 'failed',
  errors: [`[${rule}] broken`],
  observations: [],
})

/** The verdict document `op-conformance client` writes for these records, over all scenarios or some. */
function documentFor(records: TestRecord[], scenarios = SCENARIOS, requests = 1) {
  const runs = scenarios.map((scenario) => ({ scenario, label: scenario.name, run, requests }))
  const dir = mkdtempSync(join(tmpdir(), 'op-client-exit-'))
  return writeClientReports(dir, fakeAse, 'adapter', { records, evidence: {}, runs })
}
const exitFor = (records: TestRecord[], scenarios = SCENARIOS) => documentFor(records, scenarios).exitCode

const every = CLIENT_RULES.map((rule) => rule.id)

describe('client mode exit statuses (the server mode table)', () => {
  test('0 conformant: every rule passed, or only beyond-spec rules failed', () => {
    assert.equal(exitFor(every.map(passed)), 0)
    assert.equal(exitFor(every.map((id) => (id === 'CL-GNAP-SCHEME' ? failed(id) : passed(id)))), 0)
  })

  test('1 not conformant: a spec rule failed (also in a --scenario run)', () => {
    const records = every.map((id) => (id === 'CL-SIGNED' ? failed(id) : passed(id)))
    assert.equal(exitFor(records), 1)
    assert.equal(exitFor(records, SCENARIOS.slice(0, 1)), 1)
  })

  test('3 incomplete: a full run whose client stopped early leaves a spec MUST rule untested; never "filtered"', () => {
    assert.equal(exitFor(every.filter((id) => id !== 'CL-OP-FORM').map(passed)), 3)
  })

  test('a rule no scenario reached says why: where the client stopped, or that it sent nothing of its kind', () => {
    const reasonOf = (records: TestRecord[]) =>
      documentFor(records).rules.find((r) => r.rule.id === 'CL-OP-FORM')?.reasons
    const others = every.filter((id) => id !== 'CL-OP-FORM' && id !== 'CL-COMPLETES').map(passed)
    assert.deepEqual(reasonOf([...others, failed('CL-COMPLETES')]), [
      'not reached by any scenario: the client stopped early in payment-flow (CL-COMPLETES)',
    ])
    assert.deepEqual(reasonOf([...others, passed('CL-COMPLETES')]), [
      'not reached by any scenario: the client sent no request of the kind it judges',
    ])
  })

  test('a CONFORMANT run says "Run: passed", a beyond-spec failure (a warning) notwithstanding; any other "failed"', () => {
    const warned = documentFor(every.map((id) => (id === 'CL-GNAP-SCHEME' ? failed(id) : passed(id))))
    assert.equal(warned.exitCode, 0)
    assert.equal(warned.runStatus, 'passed')
    assert.match(renderVerdictHtml(warned), /data-field="Run">passed</)
    assert.equal(
      documentFor(every.map((id) => (id === 'CL-SIGNED' ? failed(id) : passed(id)))).runStatus,
      'failed',
    )
    assert.equal(documentFor(every.filter((id) => id !== 'CL-OP-FORM').map(passed)).runStatus, 'failed')
  })

  test('a run that tested no spec rule is never "conformant to the 0 spec rules tested": it says the client made no request', () => {
    const stopped = SCENARIOS.map((scenario) => ({
      ...failed('CL-COMPLETES'),
      title: `${scenario.name}: CL-COMPLETES`,
      errors: [`[CL-COMPLETES] scenario ${scenario.name}: the adapter exited with 127: adapter: not found`],
    }))
    const silent = documentFor(stopped, SCENARIOS, 0)
    assert.equal(silent.exitCode, 3)
    assert.equal(
      silent.headline,
      'INCOMPLETE: no spec rule was tested: the client made no request in any of the 9 scenarios; beyond the ' +
        'spec: 1 rule failed (warnings)',
    )
    assert.match(
      documentFor(stopped).headline,
      /^INCOMPLETE: no spec rule was tested: the client finished none of the 9 scenarios/,
    )
  })

  test('4 no verdict: only --scenario leaves scenarios out', () => {
    assert.equal(exitFor([passed('CL-SIGNED')], SCENARIOS.slice(0, 1)), 4)
  })

  test('2 could not run: an error of the suite is a SuiteCrash naming the scenario', async () => {
    const broken = { ...SCENARIOS[0]!, setup: () => Promise.reject(new Error('the ASE went away')) }
    await assert.rejects(
      runClientSuite(fakeAse, {
        adapter: 'true',
        cwd: '.',
        scenarios: [broken],
        timeoutMs: 1000,
        log: () => {},
      }),
      (error: unknown) =>
        error instanceof SuiteCrash && /scenario payment-flow: .*the ASE went away/.test(error.message),
    )
  })
})
