import type {
  IncomingPayment,
  IncomingPaymentWithPaymentMethods,
  OutgoingPayment,
  OutgoingPaymentWithSpentAmounts,
  Quote,
  WalletAddress,
} from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { amountIn, type Discovery } from '../harness/discovery/discovery.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { needFoundation } from '../harness/foundations/need-foundation.ts'
import type { SharedGrants } from '../harness/gnap/shared-grants.ts'
import type { RequestInput } from '../harness/http/response-checks.ts'
import { bodyOf } from '../harness/openapi/body-of.ts'
import { rule } from '../harness/rules/covers.ts'
import type { RuleId, RuleRef } from '../harness/rules/registry.ts'
import { skipUnchecked } from '../harness/rules/unchecked.ts'
import { held, warn } from '../harness/rules/warn.ts'
import { SETTINGS, settlementTimeoutMs } from '../harness/target/ase-settings.ts'
import { ANNOUNCED_WAIT_MS, announceWait, formatSeconds } from '../harness/time/progress.ts'
import { sleep } from '../harness/time/server-time.ts'
import { type Amount, describeAmount, isFullySent, sentWithinDebit } from './amounts.ts'
import { tooOldToPay } from './quote-clock.ts'
import { type IncomingPaymentOptions, type QuoteAmounts, resourceCalls } from './resource-calls.ts'
import { newMarker, type Resources } from './resources.ts'
import { walkListUntil } from './walk-list.ts'

/** How long a payment may take to settle: the target's `waits.settlementSeconds`, else 30 s. */
export const SETTLEMENT_TIMEOUT_MS = settlementTimeoutMs()
/** Settling slower than this is reported (OP-PROCESS, a SHOULD), with the time measured. */
const PROMPT_SETTLEMENT_MS = 5_000
const POLL_INTERVALS = [100, 250, 500, 1000]

export interface PaymentOutcome {
  state: 'sent' | 'failed' | 'pending'
  /** The amounts as last read, for a failure message. */
  detail: string
  payment: OutgoingPayment
  /** How long the polling took, from the first read to the last. */
  elapsedMs: number
}

export interface CreatedReceiver {
  payment: IncomingPaymentWithPaymentMethods
  /** When the answer arrived, on our clock (see server-time.ts). */
  receivedAt: number
}

/**
 * The steps of paying someone: a receiver, a quote, an outgoing payment, waiting for it to settle. Each step
 * that must succeed fails naming the rule of its operation, not the rule of the test that needed it.
 */
export class PaymentSteps {
  /** How each quote of `quote()` was asked for: what `pay()` asks again for one too close to its end. */
  readonly #requests = new Map<string, { receiver: string; amounts: QuoteAmounts; ruleId: RuleId }>()

  constructor(
    private readonly resources: Resources,
    private readonly discovery: Discovery,
    private readonly sharedGrants: SharedGrants,
  ) {}

  /** An incoming payment on `walletAddress` (default: the receiver), with the token that may read it. */
  async receiver(
    options: IncomingPaymentOptions = {},
    walletAddress: WalletAddress = this.discovery.receiver,
    token?: string,
  ): Promise<CreatedReceiver> {
    const payment = await this.resources.createIncomingPayment(
      token ?? (await this.sharedGrants.token('incoming-payment')),
      walletAddress,
      options,
    )
    return { payment, receivedAt: Date.now() }
  }

  /** `input: 'invalid'` for amounts the spec forbids (both, or in the wrong asset). */
  sendQuote(receiver: string, amounts: QuoteAmounts, input: RequestInput = 'valid'): Promise<Exchange> {
    const call = resourceCalls.createQuote(this.discovery.sender, receiver, amounts)
    return this.#sendWithToken('quote', { ...call, input })
  }

  /** A quote from the sender under the worker's shared quote grant: `Resources.createQuote`. */
  async quote(receiver: string, amounts: QuoteAmounts, ruleId: RuleId = 'QT-CREATE'): Promise<Quote> {
    const token = await this.sharedGrants.token('quote')
    const quote = await this.resources.createQuote(token, this.discovery.sender, receiver, amounts, ruleId)
    this.#requests.set(quote.id, { receiver, amounts, ruleId })
    return quote
  }

  /** Form 1. */
  sendPayment(quoteId: string, marker = newMarker(), token?: string): Promise<Exchange> {
    const call = resourceCalls.createOutgoingPayment(this.discovery.sender, quoteId, marker)
    return this.#sendWithToken('outgoing-payment', call, token)
  }

  /** The quote's payment under the worker's shared outgoing-payment grant: `Resources.createOutgoingPayment`. */
  async pay(quote: Quote, ruleId: RuleId = 'OP-CREATE-QUOTE'): Promise<OutgoingPaymentWithSpentAmounts> {
    const token = await this.sharedGrants.token('outgoing-payment')
    const paid = await this.unexpired(quote)
    return this.resources.createOutgoingPayment(token, this.discovery.sender, paid.id, { ruleId })
  }

  /**
   * The quote, or the same request quoted again when the time the suite took since (a grant renewed with consent
   * on a loaded machine, refusals checked first at a target answering seconds late) has left it too little of its
   * life: a client pays a quote while it is valid, and a positive control must pay one known to be alive.
   */
  async unexpired(quote: Quote): Promise<Quote> {
    // A payment waits for the first stage's outgoing-payment step (Resources): waited for here, before the quote's
    // life is read. At a target answering seconds late, that stage ran while a property's first quote expired.
    await needFoundation('outgoing-payment')
    const request = this.#requests.get(quote.id)
    if (!request || !tooOldToPay(quote.id)) return quote
    return this.quote(request.receiver, request.amounts, request.ruleId)
  }

  /**
   * Form 2: no quote, a fixed debitAmount: a value in the sender's asset, or any amount (one in another asset,
   * for a negative case).
   */
  sendDirectPayment(
    incomingPayment: string,
    debit: bigint | Amount,
    marker = newMarker(),
    token?: string,
  ): Promise<Exchange> {
    const { sender } = this.discovery
    const debitAmount = typeof debit === 'bigint' ? amountIn(sender, debit) : debit
    const call = resourceCalls.createDirectPayment(sender, incomingPayment, debitAmount, marker)
    return this.#sendWithToken('outgoing-payment', call, token)
  }

  /**
   * Whether the sender's outgoing-payment list shows `id`, walking forward with endCursor: the order of a list
   * is not specified, so the newest payment may be on any page. `complete` false: the walk stopped at its
   * bound first, so a missing payment proves nothing.
   */
  async listsOutgoing(id: string): Promise<{ found: boolean; complete: boolean }> {
    const isIt = (item: unknown) => (item as { id?: unknown }).id === id
    const { items, complete } = await walkListUntil(
      this.resources,
      resourceCalls.listOutgoingPayments(this.discovery.sender, 100),
      await this.sharedGrants.token('outgoing-payment'),
      'OP-GET',
      isIt,
    )
    return { found: items.some(isIt), complete }
  }

  async readIncoming(id: string, token?: string): Promise<IncomingPayment> {
    const exchange = await this.resources.send(
      resourceCalls.getIncomingPayment(id),
      token ?? (await this.sharedGrants.token('incoming-payment')),
    )
    expect(exchange).toAnswer(200, 'IP-GET', 'reading the incoming payment')
    return exchange.response.json as IncomingPayment
  }

  /**
   * Waits until the outgoing payment shows it all sent, for `ruleId`, the rule whose check counts on it settling.
   * One marked failed is a failed positive control of that rule, never its failure: the spec lets a server fail a
   * payment it cannot deliver (OP-FAILED), and whether it could is the ASE's business, so a payment the suite
   * relied on ending failed leaves the rule unchecked, not broken. One still unsent after SETTLEMENT_TIMEOUT_MS is
   * slow, not wrong: the spec only says payments SHOULD be processed immediately, so that is an OP-PROCESS warning
   * and the test stops (skipped) unless `strict`, for callers that already saw the payment processed. Reaching
   * the payment's amount, and never beyond debitAmount, is OP-SETTLE's check, whoever waits.
   */
  async untilSent(
    id: string,
    ruleId: RuleId = 'OP-SETTLE',
    token?: string,
    strict = false,
  ): Promise<OutgoingPayment> {
    return this.sentOf(id, await this.outcome(id, token), ruleId, strict)
  }

  /** `untilSent` for an outcome already waited for: the caller that polled once does not wait the time again. */
  sentOf(
    id: string,
    { state, detail, payment }: PaymentOutcome,
    ruleId: RuleId = 'OP-SETTLE',
    strict = false,
  ): OutgoingPayment {
    expect(
      state,
      rule(ruleId, `positive control: ${id}, the payment the check counts on, did not fail: ${detail}`),
    ).not.toBe('failed')
    if (state === 'pending' && !strict) skipIfPending(id, { state, detail }, [ruleId])
    // A payment past its debitAmount counts as sent, so `outcome` has stopped on it: checked here, not per poll.
    expect(
      sentWithinDebit(payment),
      rule('OP-SETTLE#sent', `${id}: sentAmount never exceeds debitAmount: ${detail}`),
    ).toBe(true)
    expect(
      state,
      rule(
        'OP-SETTLE#sent',
        `${id}: sentAmount reaches debitAmount (sender's asset) or receiveAmount (receiver's) ` +
          `within ${SETTLEMENT_TIMEOUT_MS / 1000} s: ${detail}`,
      ),
    ).toBe('sent')
    return payment
  }

  /** Polls the incoming payment until receivedAmount is `value`; fails naming `ruleId` otherwise. */
  async untilReceived(id: string, value: bigint, ruleId: RuleRef, token?: string): Promise<IncomingPayment> {
    let latest: IncomingPayment | undefined
    await expect
      .poll(
        async () => {
          latest = await this.readIncoming(id, token)
          return BigInt(latest.receivedAmount.value)
        },
        {
          message: rule(ruleId, `${id}: receivedAmount reaches ${value} once the payments to it settle`),
          timeout: SETTLEMENT_TIMEOUT_MS,
          intervals: POLL_INTERVALS,
        },
      )
      .toBe(value)
    return latest!
  }

  /** Polls until the incoming payment shows completed: true; fails naming `ruleId` otherwise. */
  async untilCompleted(id: string, ruleId: RuleRef): Promise<void> {
    await expect
      .poll(async () => (await this.readIncoming(id)).completed, {
        message: rule(ruleId, `${id}: completed becomes true`),
        timeout: SETTLEMENT_TIMEOUT_MS,
        intervals: POLL_INTERVALS,
      })
      .toBe(true)
  }

  /**
   * Where the outgoing payment stands once it has failed, sent it all, or SETTLEMENT_TIMEOUT_MS has passed. A
   * GET that does not answer 200 fails OP-GET at once: the payment exists, so there is nothing to wait for.
   * Sent it all, but slowly: an OP-PROCESS warning with the time it took.
   */
  async outcome(id: string, token?: string): Promise<PaymentOutcome> {
    const started = Date.now()
    const deadline = started + SETTLEMENT_TIMEOUT_MS
    let announced = false
    for (let attempt = 0; ; attempt++) {
      const exchange = await this.#getOutgoing(id, token)
      expect(exchange).toAnswer(200, 'OP-GET', `reading ${id}`)
      const payment = bodyOf(exchange, 'outgoing-payment')
      const detail = describeProgress(payment)
      const elapsedMs = Date.now() - started
      if (payment.failed) return { state: 'failed', detail, payment, elapsedMs }
      if (isFullySent(payment)) {
        reportSlowSettlement(id, elapsedMs)
        return { state: 'sent', detail, payment, elapsedMs }
      }
      if (Date.now() > deadline) return { state: 'pending', detail, payment, elapsedMs }
      if (!announced && elapsedMs >= ANNOUNCED_WAIT_MS) {
        announced = true
        announceWait(
          deadline - Date.now(),
          `${id} to settle (at most; ${formatSeconds(elapsedMs)} so far: ${detail})`,
        )
      }
      await sleep(POLL_INTERVALS[Math.min(attempt, POLL_INTERVALS.length - 1)]!)
    }
  }

  #getOutgoing(id: string, token?: string): Promise<Exchange> {
    return this.#sendWithToken('outgoing-payment', resourceCalls.getOutgoingPayment(id), token)
  }

  /** With `token` (a grant of the test's own), else the worker's shared grant of that kind. */
  async #sendWithToken(
    kind: 'quote' | 'outgoing-payment',
    call: Parameters<Resources['send']>[0],
    token?: string,
  ): Promise<Exchange> {
    return this.resources.send(call, token ?? (await this.sharedGrants.token(kind)))
  }
}

function reportSlowSettlement(id: string, elapsedMs: number): void {
  if (elapsedMs <= PROMPT_SETTLEMENT_MS) {
    held('OP-PROCESS', `${id} settled in ${(elapsedMs / 1000).toFixed(1)} s`)
    return
  }
  warn(
    'OP-PROCESS',
    `${id} took ${(elapsedMs / 1000).toFixed(1)} s to settle (the suite reports over ${PROMPT_SETTLEMENT_MS / 1000} s)`,
  )
}

/**
 * A payment still neither sent nor marked failed after SETTLEMENT_TIMEOUT_MS is slow, not wrong, whatever it was
 * expected to become: the spec only says payments SHOULD be processed immediately, and a target may take longer
 * to give up on a payment than to send one. An OP-PROCESS warning, and `ruleIds` not reached (the test stops,
 * skipped), naming the setting that gives the target more time. Nothing when the payment has an outcome.
 */
export function skipIfPending(
  id: string,
  { state, detail }: Pick<PaymentOutcome, 'state' | 'detail'>,
  ruleIds: readonly RuleId[],
): void {
  if (state !== 'pending') return
  const within = `within ${SETTLEMENT_TIMEOUT_MS / 1000} s`
  warn('OP-PROCESS', `${id} was not processed ${within}: ${detail}`)
  skipUnchecked(
    ruleIds,
    `${id} was neither sent nor marked failed ${within} (an OP-PROCESS warning), so ${ruleIds.join(' and ')} ` +
      `could not be checked: ${detail}; set ${SETTINGS.settlement} to how long the target takes`,
  )
}

function describeProgress(payment: OutgoingPayment): string {
  return (
    `sentAmount ${describeAmount(payment.sentAmount)} of debitAmount ${describeAmount(payment.debitAmount)} / ` +
    `receiveAmount ${describeAmount(payment.receiveAmount)}${payment.failed ? ', failed: true' : ''}`
  )
}
