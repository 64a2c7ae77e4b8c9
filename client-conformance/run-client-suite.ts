import type { TestRecord } from '../reports/src/verdict.ts'
import type { Evidence } from '../reports/src/verdict-document.ts'
import type { ScenarioRun } from './checks/check.ts'
import { REQUEST_BUDGET } from './checks/request-budget.ts'
import { gradeScenario } from './grade-scenario.ts'
import { type AdapterInput, inputProblems, PROTOCOL } from './protocol/adapter-protocol.ts'
import { isClientExchange } from './recorded-traffic.ts'
import type { RecordedExchange, Recorder } from './recording-proxy.ts'
import { type AdapterRun, runAdapter } from './run-adapter.ts'
import type { Scenario } from './scenarios.ts'
import type { SimulatedAse } from './simulated-ase.ts'
import { SuiteCrash } from './suite-crash.ts'

export interface ClientSuiteOptions {
  adapter: string
  cwd: string
  scenarios: readonly Scenario[]
  timeoutMs: number
  /** Progress lines (the console). */
  log(line: string): void
}

export interface ClientSuiteResult {
  records: TestRecord[]
  evidence: Record<string, Evidence[]>
  /** Per scenario: the adapter's run, for the exchanges file and the console, and how many requests the client sent. */
  runs: { scenario: Scenario; label: string; run: AdapterRun; requests: number }[]
  /** The client's own name, from the first report that gives one. */
  clientName?: string
}

/**
 * Runs every scenario with the adapter against the ASE, one after the other, and grades each. Whatever the client
 * does is graded; an error of the suite's own is a SuiteCrash naming the scenario.
 */
export async function runClientSuite(
  ase: SimulatedAse,
  opts: ClientSuiteOptions,
): Promise<ClientSuiteResult> {
  const result: ClientSuiteResult = { records: [], evidence: {}, runs: [] }
  for (const scenario of opts.scenarios) {
    try {
      await runScenario(ase, opts, scenario, result)
    } catch (error) {
      throw new SuiteCrash(scenario.name, error)
    }
  }
  return result
}

async function runScenario(
  ase: SimulatedAse,
  opts: ClientSuiteOptions,
  scenario: Scenario,
  result: ClientSuiteResult,
): Promise<void> {
  ase.recorder.scenario = `${scenario.name} (setup)`
  const setup = (await scenario.setup?.(ase)) ?? {}
  const input = adapterInput(ase, scenario)
  const label = ase.recorder.begin(scenario.name)
  ase.recorder.fault = scenario.fault?.(ase)
  const run = await runAdapter({
    command: opts.adapter,
    cwd: opts.cwd,
    input,
    recorder: ase.recorder,
    timeoutMs: opts.timeoutMs,
    finishFault: scenario.finishFault,
    silenceAfterRedirectMs: scenario.silenceAfterRedirectMs,
    requestBudget: REQUEST_BUDGET,
  })
  ase.recorder.fault = undefined
  ase.recorder.scenario = 'between scenarios'
  result.clientName ??= run.report?.client
  const scenarioRun: ScenarioRun = {
    scenario,
    ase,
    exchanges: ase.recorder.of(label).filter(isClientExchange),
    all: clientHistory(ase.recorder, [...result.runs.map((r) => r.label), label]),
    run,
    setup,
  }
  const graded = gradeScenario(scenarioRun)
  result.records.push(...graded.records)
  Object.assign(result.evidence, graded.evidence)
  result.runs.push({ scenario, label, run, requests: scenarioRun.exchanges.length })
  const failed = graded.records.filter((r) => r.outcome === 'failed').map((r) => r.rules[0])
  opts.log(
    `  ${scenario.name.padEnd(20)} ${(run.durationMs / 1000).toFixed(1).padStart(5)} s  ` +
      `${scenarioRun.exchanges.length} requests  ${failed.length > 0 ? `FAILED ${failed.join(' ')}` : 'ok'}` +
      (run.problem ? `\n    ${run.problem}` : ''),
  )
}

/**
 * What the client did in this run, its scenarios so far (`labels`): not what the suite's set-ups sent as the same
 * client (long-list's 230 incoming payments are no payments the client created), nor another client's runs (the
 * catalogue runs many against one ASE). What it created and the tokens it got are judged from these alone.
 */
export function clientHistory(recorder: Recorder, labels: readonly string[]): RecordedExchange[] {
  return recorder.exchanges.filter((e) => labels.includes(e.scenario) && isClientExchange(e))
}

function adapterInput(ase: SimulatedAse, scenario: Scenario): AdapterInput {
  const { sender, receiver } = ase.plan.walletAddresses
  const input: AdapterInput = {
    protocol: PROTOCOL,
    scenario: scenario.name,
    description: scenario.description,
    client: ase.client,
    walletAddresses: { sender, receiver },
    finishUri: ase.plan.finishUri,
    steps: scenario.steps(ase),
  }
  const problems = inputProblems(input)
  if (problems.length > 0)
    throw new Error(
      `scenario ${scenario.name} does not fit adapter-input.schema.json: ${problems.join('; ')}`,
    )
  return input
}
