import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { headline } from '../../reports/src/headline.ts'
import type { TestRecord } from '../../reports/src/verdict.ts'
import { incomingPaymentFirst } from '../checks/request-form-checks.ts'
import { clientVerdict } from '../client-verdict.ts'
import { gradeScenario, unfinishedReason } from '../grade-scenario.ts'
import { Recorder } from '../recording-proxy.ts'
import type { AdapterRun } from '../run-adapter.ts'
import { type ClientSuiteResult, clientHistory } from '../run-client-suite.ts'
import { SCENARIOS } from '../scenarios.ts'
import { exchange, fakeAse, scenarioRun, signedWithKey } from './fake-run.ts'

const body = '{"walletAddress":"http://rs.test/bob"}'
const url = 'http://rs.test/incoming-payments'
const created = async () =>
  exchange({ method: 'POST', url, headers: await signedWithKey('POST', url, body), body, status: 201 })
const outcomeOf = (records: TestRecord[], rule: string) => records.find((r) => r.rules[0] === rule)

describe('a scenario the client did not finish', () => {
  test('passes nothing: what its requests showed is NOT TESTED there, a violation still fails', async () => {
    const steps = SCENARIOS[0]!.steps(fakeAse).map((step) => ({ op: step.op, ok: true }))
    const finished = gradeScenario(
      scenarioRun([await created()], { report: { scenario: 'payment-flow', steps } }),
    ).records
    assert.equal(outcomeOf(finished, 'CL-SIGNED')?.outcome, 'passed')

    const stopped = {
      problem: 'scenario payment-flow: the client sent more than 100 requests; it was stopped',
    }
    const unfinished = gradeScenario(scenarioRun([await created()], stopped)).records
    assert.equal(outcomeOf(unfinished, 'CL-COMPLETES')?.outcome, 'failed')
    assert.deepEqual(
      unfinished.filter((r) => r.outcome === 'passed').map((r) => r.title),
      [],
      'a scenario the client did not finish passed a rule',
    )
    assert.equal(outcomeOf(unfinished, 'CL-SIGNED')?.outcome, 'skipped')
    assert.equal(outcomeOf(unfinished, 'CL-SIGNED')?.skipReason, unfinishedReason('payment-flow'))

    const wrongKeyId = await created()
    wrongKeyId.request.headers['signature-input'] = wrongKeyId.request.headers['signature-input']!.replace(
      /keyid="[^"]*"/,
      'keyid="other"',
    )
    const broken = gradeScenario(scenarioRun([wrongKeyId], stopped)).records
    assert.equal(outcomeOf(broken, 'CL-KEYID')?.outcome, 'failed')
  })

  test('a report of steps that succeeded without any request at the ASE does not finish the scenario', () => {
    const steps = SCENARIOS[0]!.steps(fakeAse).map((step) => ({ op: step.op, ok: true }))
    const records = gradeScenario(scenarioRun([], { report: { scenario: 'payment-flow', steps } })).records
    assert.match(
      outcomeOf(records, 'CL-COMPLETES')?.errors[0] ?? '',
      /the report says create-incoming-payment, .* succeeded, but the ASE received no request from the client/,
    )
  })

  test('holds its rules back from PASS in the whole run: a client looping in long-list is INCOMPLETE, not CONFORMANT', () => {
    const run: AdapterRun = { redirects: [], stderr: '', durationMs: 0, stoppedAfterSilence: false }
    const record = (scenario: string, rule: string, outcome: TestRecord['outcome']): TestRecord => ({
      title: `${scenario}: ${rule}`,
      file: `client scenario ${scenario}`,
      rules: [rule],
      outcome,
      warnings: [],
      errors: outcome === 'failed' ? [`[${rule}] the client sent 102 requests`] : [],
      ...(outcome === 'passed' ? { observations: [{ rule, outcome: 'pass', line: 'held', count: 1 }] } : {}),
      ...(outcome === 'skipped' ? { skipReason: unfinishedReason(scenario) } : {}),
    })
    const others = SCENARIOS.filter((s) => s.name !== 'long-list')
    const rules = ['CL-SIGNED', 'CL-KEYID', 'CL-LIST-BOUNDS', 'CL-LIST-WALK', 'CL-COMPLETES']
    const result: ClientSuiteResult = {
      records: [
        ...others.flatMap((s) => rules.map((rule) => record(s.name, rule, 'passed'))),
        record('long-list', 'CL-SIGNED', 'skipped'),
        record('long-list', 'CL-LIST-BOUNDS', 'skipped'),
        record('long-list', 'CL-LIST-WALK', 'failed'),
        record('long-list', 'CL-COMPLETES', 'failed'),
      ],
      evidence: {},
      runs: SCENARIOS.map((scenario) => ({ scenario, label: scenario.name, run, requests: 5 })),
    }
    const verdict = clientVerdict(result, false)
    const status = (id: string) => verdict.rules.find((r) => r.rule.id === id)
    assert.equal(status('CL-SIGNED')?.status, 'skipped')
    assert.deepEqual(status('CL-SIGNED')?.reasons, [unfinishedReason('long-list')])
    assert.equal(status('CL-LIST-BOUNDS')?.status, 'skipped')
    // Judged in full wherever it was judged: no scenario holds it back.
    assert.equal(status('CL-KEYID')?.status, 'passed')
    assert.equal(verdict.conformant, false)
    assert.equal(verdict.counts.passed, 1)
    assert.match(
      headline(verdict),
      /^INCOMPLETE: conformant to the 1 spec rule tested; these MUST rules were not tested: .*CL-SIGNED, CL-LIST-BOUNDS \(not tested in full: the client did not finish long-list \(CL-COMPLETES\)\)/,
    )
  })
})

describe('what the client did, as the checks read it', () => {
  test("an incoming payment the suite's set-up created, or another client, is none the client created", async () => {
    const recorder = new Recorder()
    const made = (scenario: string) => ({
      ...exchange({ method: 'POST', url, body, status: 201, response: { id: `${url}/${scenario}` } }),
      scenario,
    })
    recorder.exchanges.push(made('long-list (setup)'), made('payment-flow #1'), made('payment-flow #2'))
    const seen = clientHistory(recorder, ['payment-flow #2', 'long-list #3'])
    assert.deepEqual(
      seen.map((e) => e.scenario),
      ['payment-flow #2'],
    )
    const quote = exchange({
      method: 'POST',
      url: 'http://rs.test/quotes',
      body: JSON.stringify({ receiver: `${url}/long-list (setup)` }),
      status: 201,
    })
    const outcome = incomingPaymentFirst({ ...scenarioRun([quote]), all: [...seen, quote] })[0]!
    assert.equal(outcome.violations.length, 1)
  })
})
