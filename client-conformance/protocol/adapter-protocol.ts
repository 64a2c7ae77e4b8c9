import { readFileSync } from 'node:fs'
import { Ajv, type ErrorObject } from 'ajv'
import addFormats from 'ajv-formats'

export const PROTOCOL = 'op-conformance-client/1'

export interface Amount {
  value: string
  assetCode: string
  assetScale: number
}

/** One step of a scenario (adapter-input.schema.json): the adapter runs them in order. */
export type Step =
  | { op: 'create-incoming-payment'; walletAddress: string; incomingAmount?: Amount }
  | { op: 'get-incoming-payment' | 'get-outgoing-payment' }
  | { op: 'list-incoming-payments' | 'list-outgoing-payments'; walletAddress: string }
  | { op: 'create-quote'; walletAddress: string; debitAmount?: Amount; receiveAmount?: Amount }
  | { op: 'create-outgoing-payment'; walletAddress: string; debitAmount: Amount }
  | { op: 'wait'; seconds: number }

/** The first line on the adapter's standard input. */
export interface AdapterInput {
  protocol: typeof PROTOCOL
  scenario: string
  description: string
  client: { walletAddress: string; keyId: string; privateKeyPem: string }
  walletAddresses: { sender: string; receiver: string }
  finishUri: string
  steps: Step[]
}

/** Later lines on standard input: the suite, as the user's browser, was redirected to the finish URI. */
export interface InteractionFinishedEvent {
  event: 'interaction-finished'
  url: string
}

export interface StepError {
  status?: number
  code?: string
  description?: string
  message: string
}

export interface StepReport {
  op: string
  ok: boolean
  id?: string
  resource?: Record<string, unknown>
  items?: string[]
  error?: StepError
}

/** What the adapter writes on standard output. */
export interface AdapterReport {
  scenario: string
  client?: string
  steps: StepReport[]
}

const schema = (name: string) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'))
const ajv = new Ajv({ allErrors: true, strict: false })
addFormats.default(ajv)
const validateInput = ajv.compile<AdapterInput>(schema('./adapter-input.schema.json'))
const validateReport = ajv.compile<AdapterReport>(schema('./adapter-report.schema.json'))

/** The suite's own scenarios must fit the schema adapters are written against. */
export function inputProblems(input: unknown): string[] {
  return validateInput(input) ? [] : describe(validateInput.errors ?? [])
}

/**
 * Reads the adapter's standard output as a report for `scenario`: the problems name the field, so an adapter
 * author sees what to fix.
 */
export function parseReport(
  stdout: string,
  scenario: string,
): { report: AdapterReport } | { problems: string[] } {
  let parsed: unknown
  try {
    parsed = JSON.parse(stdout)
  } catch (error) {
    const shown = stdout.length > 200 ? `${stdout.slice(0, 200)}...` : stdout
    return {
      problems: [
        `standard output is not one JSON document (${(error as Error).message}): ${JSON.stringify(shown)}`,
      ],
    }
  }
  if (!validateReport(parsed)) return { problems: describe(validateReport.errors ?? []) }
  if (parsed.scenario !== scenario)
    return { problems: [`scenario: the report is for ${JSON.stringify(parsed.scenario)}`] }
  return { report: parsed }
}

function describe(errors: ErrorObject[]): string[] {
  return errors.map((error) => {
    const field = error.instancePath.slice(1).replaceAll('/', '.') || '(root)'
    if (error.keyword === 'required') return `${field}: ${error.params.missingProperty} is missing`
    return `${field}: ${error.message}`
  })
}
