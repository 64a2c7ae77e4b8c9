import type { ClientRuleId } from './client-rules.ts'
import { type FinishFault, wrongFinishHash } from './interaction.ts'
import { createIncomingPayments } from './long-list-setup.ts'
import type { Amount, Step } from './protocol/adapter-protocol.ts'
import { editJson, type Fault } from './recording-proxy.ts'
import type { SimulatedAse } from './simulated-ase.ts'
import { revokeAfterFirstUse, revokeWithAsUri } from './token-revocation.ts'

/** One run of the adapter: its steps, the fault the ASE injects, and the rules it is there to check. */
export interface Scenario {
  name: string
  description: string
  steps(ase: SimulatedAse): Step[]
  /** Checked in this scenario beyond the checks every scenario gets (checks/scenario-checks.ts). */
  rules: ClientRuleId[]
  /** The fault the ASE injects in this scenario, made afresh for each run (a fault may keep state). */
  fault?(ase: SimulatedAse): Fault
  finishFault?: FinishFault
  /** After the finish redirect the client must stay silent: it is stopped after this long, and that passes. */
  silenceAfterRedirectMs?: number
  /** The step that must fail (its op), when the scenario's fault must stop the client there. */
  failsAt?: Step['op']
  /** The step where the client may stop with the 401 it met, telling its caller rather than getting a new grant. */
  mayStopAt?: Step['op']
  /** Creates what the scenario needs at the ASE, as the same client, before the adapter starts. */
  setup?(ase: SimulatedAse): Promise<{ listed?: string[] }>
}

export const UINT64_MAX = '18446744073709551615'
export const LONG_LIST_SIZE = 230
export const SHORT_TOKEN_SECONDS = 2
export const CONTINUE_WAIT_SECONDS = 3

const usd = (value: string): Amount => ({ value, assetCode: 'USD', assetScale: 2 })

/** Incoming payment, quote, interactive outgoing-payment grant (consent by the suite), payment. */
const payment = (ase: SimulatedAse): Step[] => {
  const { sender, receiver } = ase.plan.walletAddresses
  return [
    { op: 'create-incoming-payment', walletAddress: receiver, incomingAmount: usd('500') },
    { op: 'create-quote', walletAddress: sender, debitAmount: usd('500') },
    { op: 'create-outgoing-payment', walletAddress: sender, debitAmount: usd('500') },
  ]
}

/** An incoming payment, then its read and list: the ASE revokes the token after the first request with it. */
const afterRevocation = (ase: SimulatedAse): Step[] => [
  {
    op: 'create-incoming-payment',
    walletAddress: ase.plan.walletAddresses.receiver,
    incomingAmount: usd('700'),
  },
  { op: 'get-incoming-payment' },
  { op: 'list-incoming-payments', walletAddress: ase.plan.walletAddresses.receiver },
]

/** Answers of the authorization server that carry `member` (grant, continuation and rotation responses). */
const authAnswerWith = (
  member: string,
  edit: (body: Record<string, unknown>) => void,
  name: string,
): Fault => {
  return (exchange, answer) => {
    if (exchange.server !== 'auth' || exchange.request.method !== 'POST') return undefined
    const text = new TextDecoder().decode(answer.body)
    if (answer.status >= 300 || !text.includes(`"${member}"`)) return undefined
    return { ...editJson(answer, edit), fault: name }
  }
}

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'payment-flow',
    description:
      'The whole payment: incoming payment, quote, outgoing-payment grant with consent, outgoing payment; then reads and lists.',
    steps: (ase) => [
      ...payment(ase),
      { op: 'get-incoming-payment' },
      { op: 'get-outgoing-payment' },
      { op: 'list-incoming-payments', walletAddress: ase.plan.walletAddresses.receiver },
      { op: 'list-outgoing-payments', walletAddress: ase.plan.walletAddresses.sender },
    ],
    rules: ['CL-IP-BEFORE-PAY', 'CL-AMOUNT-EXACT', 'CL-COMPLETES'],
  },
  {
    name: 'wrong-finish-hash',
    description:
      'The finish redirect carries a hash that matches nothing: the client must not continue the grant.',
    steps: payment,
    rules: ['CL-FINISH-HASH'],
    finishFault: wrongFinishHash,
    silenceAfterRedirectMs: 3000,
    failsAt: 'create-outgoing-payment',
  },
  {
    name: 'continue-wait',
    description: `The grant response says continue.wait ${CONTINUE_WAIT_SECONDS}: no continuation before.`,
    steps: payment,
    rules: ['CL-CONTINUE-WAIT', 'CL-COMPLETES'],
    fault: () =>
      authAnswerWith(
        'continue',
        (body) => {
          ;(body.continue as { wait?: number }).wait = CONTINUE_WAIT_SECONDS
        },
        `continue.wait set to ${CONTINUE_WAIT_SECONDS}`,
      ),
  },
  {
    name: 'short-lived-token',
    description: `Tokens expire after ${SHORT_TOKEN_SECONDS} s; the client waits longer, then reads: no use of the expired token.`,
    steps: (ase) => [
      { op: 'create-incoming-payment', walletAddress: ase.plan.walletAddresses.receiver },
      { op: 'wait', seconds: SHORT_TOKEN_SECONDS + 1 },
      { op: 'get-incoming-payment' },
      { op: 'list-incoming-payments', walletAddress: ase.plan.walletAddresses.receiver },
    ],
    rules: ['CL-TOKEN-EXPIRY', 'CL-ROTATED-TOKEN', 'CL-COMPLETES'],
    fault: () =>
      authAnswerWith(
        'access_token',
        (body) => {
          const token = body.access_token as { expires_in?: number }
          token.expires_in = SHORT_TOKEN_SECONDS
        },
        `access_token.expires_in set to ${SHORT_TOKEN_SECONDS}`,
      ),
  },
  {
    name: 'uint64-amounts',
    description: 'An incoming amount of 2^64-1: sent and read back exactly.',
    steps: (ase) => [
      {
        op: 'create-incoming-payment',
        walletAddress: ase.plan.walletAddresses.receiver,
        incomingAmount: usd(UINT64_MAX),
      },
      { op: 'get-incoming-payment' },
    ],
    rules: ['CL-AMOUNT-EXACT', 'CL-COMPLETES'],
  },
  {
    name: 'long-list',
    description: `${LONG_LIST_SIZE} incoming payments on one wallet address: every one listed once, no page beyond 100.`,
    steps: (ase) => [{ op: 'list-incoming-payments', walletAddress: ase.plan.walletAddresses.listed }],
    rules: ['CL-LIST-BOUNDS', 'CL-LIST-WALK', 'CL-COMPLETES'],
    setup: async (ase) => ({
      listed: await createIncomingPayments(ase, ase.plan.walletAddresses.listed, LONG_LIST_SIZE),
    }),
  },
  {
    name: 'error-answer',
    description:
      'The quote is refused with 400 and the error envelope: the client reports status and code, and does not pay.',
    steps: payment,
    rules: ['CL-ERROR-SURFACED'],
    failsAt: 'create-quote',
    fault: () => (exchange, answer) => {
      const { request } = exchange
      if (exchange.server !== 'resource' || request.method !== 'POST') return undefined
      if (new URL(request.url).pathname !== '/quotes') return undefined
      return {
        status: 400,
        headers: { 'content-type': 'application/json' },
        body: new TextEncoder().encode(JSON.stringify(REFUSED_QUOTE)),
        fault: `${answer.status} answer replaced by 400 ${REFUSED_QUOTE.error.code}`,
      }
    },
  },
  {
    name: 'revoked-token',
    description:
      'The ASE revokes the access token once the incoming payment is created: the read meets a 401, and the client never sends that token again.',
    steps: afterRevocation,
    rules: ['CL-REVOKED-TOKEN', 'CL-COMPLETES'],
    mayStopAt: 'get-incoming-payment',
    fault: revokeAfterFirstUse,
  },
  {
    name: 'as-uri',
    description:
      'As revoked-token, and the 401 names the grant endpoint in WWW-Authenticate as an as_uri of its own: the next grant request goes there.',
    steps: afterRevocation,
    rules: ['CL-AS-URI', 'CL-COMPLETES'],
    mayStopAt: 'get-incoming-payment',
    fault: revokeWithAsUri,
  },
]

export const REFUSED_QUOTE = {
  error: {
    code: 'invalid_request',
    description: 'The conformance suite refuses this quote on purpose.',
    details: { field: 'receiver' },
  },
}
