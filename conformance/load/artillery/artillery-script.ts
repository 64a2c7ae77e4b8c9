import type { OperationName } from '../operations.ts'
import type { CallName } from './iteration-calls.ts'

/** The processor's file name in the bundle, beside the scripts. */
export const PROCESSOR_FILE = 'processor.mjs'

export interface ScriptOptions {
  operation: OperationName
  /** Virtual users, each running iterations one after another: the home-made engine's concurrency. */
  concurrency: number
  durationS: number
  /** Artillery's config.target: the sender's resource server (each request's URL is set by its hook). */
  origin: string
  /** The files the processor reads beside itself (the target file first), shipped to every cloud worker. */
  includeFiles: readonly string[]
}

type Step = Record<string, unknown>

/** A request Artillery sends: built and signed by the hook of that name, judged by checkAnswer. */
function send(method: 'get' | 'post', hook: CallName): Step {
  // The URL is a placeholder that names the call in Artillery's own metrics; the hook sets the real one.
  return {
    [method]: {
      url: `/${hook}`,
      name: hook,
      beforeRequest: hook,
      afterResponse: 'checkAnswer',
      ifTrue: 'iterationOk',
      // The suite judges the answer the server gave, a redirect included; Artillery would follow it.
      followRedirect: false,
    },
  }
}

/** What one iteration of each operation sends, in order: the home-made engine's steps (operations.ts). */
const ITERATIONS: Record<OperationName, Step[]> = {
  'wallet-address': [send('get', 'walletAddress')],
  'create-incoming-payment': [send('post', 'createIncomingPayment')],
  'get-incoming-payment': [send('get', 'getIncomingPayment')],
  'create-quote': [send('post', 'createQuote')],
  'create-outgoing-payment': [send('post', 'createQuote'), send('post', 'createOutgoingPayment')],
  flow: [
    send('post', 'createIncomingPayment'),
    send('post', 'createQuote'),
    { function: 'grantOutgoingPayment' },
    send('post', 'createOutgoingPayment'),
    { loop: [send('get', 'getOutgoingPayment')], whileTrue: 'paymentSending' },
  ],
}

/**
 * The Artillery script of one operation: `concurrency` users arrive at once and each runs iterations until the
 * duration is over (the closed loop of the home-made engine, rather than Artillery's usual arrival rate), so the
 * two engines load a server the same way.
 */
export function artilleryScript(options: ScriptOptions): Record<string, unknown> {
  return {
    config: {
      target: options.origin,
      phases: [{ name: options.operation, duration: 1, arrivalCount: options.concurrency }],
      processor: `./${PROCESSOR_FILE}`,
      // Shipped with the script to every worker by run-fargate and run-lambda: Artillery finds the processor's
      // imports, not the files it reads.
      includeFiles: options.includeFiles.map((file) => `./${file}`),
      // The suite's own client waits 30 s for an answer.
      http: { timeout: 30 },
      variables: { operation: options.operation, durationS: options.durationS },
    },
    scenarios: [
      {
        name: options.operation,
        flow: [
          {
            loop: [
              { function: 'beginIteration' },
              ...ITERATIONS[options.operation],
              { function: 'endIteration' },
            ],
            whileTrue: 'withinDuration',
          },
          { function: 'endUser' },
        ],
      },
    ],
  }
}
