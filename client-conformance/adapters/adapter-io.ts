import { createInterface } from 'node:readline'
import type {
  AdapterInput,
  AdapterReport,
  InteractionFinishedEvent,
  Step,
  StepError,
  StepReport,
} from '../protocol/adapter-protocol.ts'

/** What a step gives back to its caller: the part of a StepReport the client produced. */
export type StepResult = Omit<StepReport, 'op' | 'ok' | 'error'>

/** The client under test, one method per step kind (docs/client-conformance.md: the steps). */
export type StepRunner = (step: Step) => Promise<StepResult>

/** Thrown by a step the client refused or failed: what the client told its caller. */
export class StepFailure extends Error {
  constructor(readonly detail: StepError) {
    super(detail.message)
  }
}

/**
 * The adapter side of the protocol, for the adapters written in TypeScript: reads the scenario, hands the steps
 * to `runner` in order (stopping at the first failure), answers `nextRedirect` from the later stdin lines, and
 * writes the report. Logs must go to standard error: standard output is the report.
 */
export async function serveScenario(
  makeRunner: (input: AdapterInput, events: { nextRedirect(): Promise<string> }) => Promise<StepRunner>,
  clientName: string,
): Promise<void> {
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]()
  const first = await lines.next()
  if (first.done) throw new Error('no scenario on standard input')
  const input = JSON.parse(first.value) as AdapterInput
  const nextRedirect = async () => {
    const line = await lines.next()
    if (line.done) throw new Error('standard input closed before the interaction finished')
    return (JSON.parse(line.value) as InteractionFinishedEvent).url
  }
  const run = await makeRunner(input, { nextRedirect })
  const report: AdapterReport = { scenario: input.scenario, client: clientName, steps: [] }
  for (const step of input.steps) {
    try {
      report.steps.push({ op: step.op, ok: true, ...(await run(step)) })
    } catch (error) {
      const detail = error instanceof StepFailure ? error.detail : { message: String(error) }
      report.steps.push({ op: step.op, ok: false, error: detail })
      break
    }
  }
  process.stdout.write(`${JSON.stringify(report)}\n`)
  process.exit(0)
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
