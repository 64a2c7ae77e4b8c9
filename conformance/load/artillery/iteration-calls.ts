import type { OutgoingPayment } from '@interledger/open-payments'
import type { Exchange } from '../../../clients/src/index.ts'
import { amountIn } from '../../harness/discovery/discovery.ts'
import { expect } from '../../harness/expect/conformance-expect.ts'
import { summarize } from '../../harness/http/format-exchange.ts'
import { OPERATIONS } from '../../harness/openapi/operations.ts'
import { rule } from '../../harness/rules/covers.ts'
import type { RuleId } from '../../harness/rules/registry.ts'
import { isFullySent } from '../../steps/amounts.ts'
import { SETTLEMENT_TIMEOUT_MS } from '../../steps/payment-steps.ts'
import { type ResourceCall, resourceCalls } from '../../steps/resource-calls.ts'
import { newMarker } from '../../steps/resources.ts'
import type { BenchSession } from '../bench-session.ts'
import type { Preparation } from './worker-preparation.ts'

/** What one iteration has learnt so far from the answers (the flow's ids and tokens), and whether it failed. */
export interface IterationState {
  startedAt: number
  /** How the iteration failed (outcome.ts's labels); no request of it is sent after that. */
  failed?: string
  /** The measured request's time, when the operation measures one request rather than the iteration. */
  measuredMs?: number
  payeeId?: string
  quote?: { id: string; debitAmount: OutgoingPayment['debitAmount'] }
  outgoingToken?: string
  paymentId?: string
  sent?: boolean
  /** GETs of the payment so far, and when settling counts as too slow. */
  polls: number
  settleBy?: number
}

/** A request Artillery sends, built and judged by the suite's own code. */
export interface PlannedCall {
  call: ResourceCall
  token?: string
  /** The answer the operation requires, and the rule a different one fails. */
  status: number
  ruleId: RuleId
  what: string
  /** Its time is the iteration's sample (the home-made engine's `measure`). */
  measured?: boolean
  /** Reads what the next requests need from a right answer; throws naming a rule if it is wrong. */
  read?: (exchange: Exchange, state: IterationState) => void
}

export interface CallContext {
  session: BenchSession
  preparation: Preparation
  state: IterationState
  /** The operation bench runs: the flow measures its whole iteration, the others one request. */
  flow: boolean
}

/** One builder per `beforeRequest` hook of the script (artillery-script.ts names them). */
export const ITERATION_CALLS = {
  walletAddress: ({ session }: CallContext): PlannedCall => ({
    call: {
      operation: OPERATIONS.getWalletAddress,
      method: 'GET',
      url: session.target.walletAddresses.sender,
    },
    status: 200,
    ruleId: 'WA-DOC',
    what: `GET ${session.target.walletAddresses.sender}`,
    measured: true,
  }),
  createIncomingPayment: ({ session, preparation, flow }: CallContext): PlannedCall => ({
    call: resourceCalls.createIncomingPayment(session.discovery.receiver, {
      incomingValue: flow ? session.discovery.unit * 100n : 100n,
      marker: newMarker(),
    }),
    token: preparation.incomingToken,
    status: 201,
    ruleId: 'IP-CREATE',
    what: 'creating an incoming payment',
    measured: !flow,
    read: (exchange, state) => {
      state.payeeId = idOf(exchange, 'IP-CREATE')
    },
  }),
  getIncomingPayment: ({ preparation }: CallContext): PlannedCall => ({
    call: resourceCalls.getIncomingPayment(preparation.readId!),
    token: preparation.incomingToken,
    status: 200,
    ruleId: 'IP-GET',
    what: `reading ${preparation.readId}`,
    measured: true,
  }),
  createQuote: ({ session, preparation, state, flow }: CallContext): PlannedCall => {
    const { sender, unit } = session.discovery
    const receiver = flow ? state.payeeId! : preparation.bigReceiver!
    return {
      call: resourceCalls.createQuote(sender, receiver, { debitAmount: amountIn(sender, unit) }),
      token: preparation.quoteToken,
      status: 201,
      ruleId: 'QT-CREATE',
      what: 'creating a quote',
      // Before an outgoing payment the quote is its set-up, not what is measured.
      measured: preparation.outgoingToken === undefined && !flow,
      read: (exchange, state) => {
        const quote = exchange.response.json as { debitAmount: OutgoingPayment['debitAmount'] }
        state.quote = { id: idOf(exchange, 'QT-CREATE'), debitAmount: quote.debitAmount }
      },
    }
  },
  createOutgoingPayment: ({ session, preparation, state, flow }: CallContext): PlannedCall => ({
    call: resourceCalls.createOutgoingPayment(session.discovery.sender, state.quote!.id, newMarker()),
    token: flow ? state.outgoingToken : preparation.outgoingToken,
    status: 201,
    ruleId: 'OP-CREATE-QUOTE',
    what: 'creating an outgoing payment from a quote',
    measured: !flow,
    read: (exchange, state) => {
      state.paymentId = idOf(exchange, 'OP-CREATE-QUOTE')
      state.settleBy = Date.now() + SETTLEMENT_TIMEOUT_MS
    },
  }),
  getOutgoingPayment: ({ state }: CallContext): PlannedCall => ({
    call: resourceCalls.getOutgoingPayment(state.paymentId!),
    token: state.outgoingToken,
    status: 200,
    ruleId: 'OP-GET',
    what: `reading ${state.paymentId}`,
    read: (exchange, state) => {
      // The home-made engine's untilSent, one answer at a time: the loop in the script sends the next GET.
      const payment = exchange.response.json as OutgoingPayment
      const id = state.paymentId
      expect(payment.failed, rule('OP-SETTLE', `${id} failed: ${summarize(exchange)}`)).not.toBe(true)
      state.sent = isFullySent(payment)
      state.polls++
      if (state.sent) return
      expect(
        Date.now() < state.settleBy!,
        rule('OP-PROCESS', `${id} had not sent it all after ${SETTLEMENT_TIMEOUT_MS / 1000} s`),
      ).toBe(true)
    },
  }),
} satisfies Record<string, (context: CallContext) => PlannedCall>

export type CallName = keyof typeof ITERATION_CALLS

/** The wait before the next GET of a payment still sending, as the home-made engine's untilSent backs off. */
export function pollDelayMs(polls: number): number {
  return polls === 0 ? 0 : Math.min(25 * 2 ** (polls - 1), 250)
}

function idOf(exchange: Exchange, ruleId: RuleId): string {
  const id = (exchange.response.json as { id?: unknown } | undefined)?.id
  expect(typeof id, rule(ruleId, `the created resource has an id: ${summarize(exchange)}`)).toBe('string')
  return id as string
}
