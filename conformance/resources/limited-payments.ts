import type { OutgoingPayment, OutgoingPaymentWithSpentAmounts, Quote } from '@interledger/open-payments'
import { expect } from '@playwright/test'
import type { Exchange } from '../../clients/src/index.ts'
import { amountIn, type Discovery } from '../discovery/discovery.ts'
import type { SharedGrants } from '../fixtures/shared-grants.ts'
import type { OutgoingLimits } from '../gnap/grant-requests.ts'
import type { Grants } from '../gnap/grants.ts'
import { summarize } from '../http/format-exchange.ts'
import { rule } from '../rules/covers.ts'
import { describeAmount, isFullySent } from './amount-checks.ts'
import { paymentCalls } from './payment-calls.ts'
import { resourceCalls } from './resource-calls.ts'
import { newMarker, type Resources } from './resources.ts'

/** How long a payment may take to settle; a target that pays over a real network needs seconds, not minutes. */
const SETTLEMENT_TIMEOUT_MS = 30_000
const POLL_INTERVALS = [100, 250, 500, 1000]

export interface LimitedPaymentsContext {
  grants: Grants
  resources: Resources
  discovery: Discovery
  sharedGrants: SharedGrants
}

/** Fixed-send (`debit`, the sender's asset) or fixed-receive (`receive`, the receiver's), in smallest units. */
export type QuotedAmount = { debit: bigint } | { receive: bigint }

/** One request to create an outgoing payment, with the marker that tells whether it created anything. */
export interface PaymentAttempt {
  exchange: Exchange
  marker: string
}

/** Receivers and quotes, from the worker's shared grants: what a payment under a test's own grant needs. */
export class PaymentSetup {
  constructor(protected readonly context: LimitedPaymentsContext) {}

  /** An incoming payment on the receiver, without incomingAmount: it takes whatever the test sends. */
  async receiver(): Promise<{ id: string; createdAt: string }> {
    const { resources, discovery, sharedGrants } = this.context
    const exchange = await resources.send(
      paymentCalls.createIncomingPayment(discovery.receiver, { marker: newMarker() }),
      await sharedGrants.token('incoming-payment'),
    )
    expect(
      exchange.response.status,
      rule('IP-CREATE', `creating an incoming payment to pay: ${summarize(exchange)}`),
    ).toBe(201)
    return exchange.response.json as { id: string; createdAt: string }
  }

  async quote(receiver: string, amount: QuotedAmount): Promise<Quote> {
    const { resources, discovery, sharedGrants } = this.context
    const { sender } = discovery
    const amounts =
      'debit' in amount
        ? { debitAmount: amountIn(sender, amount.debit) }
        : { receiveAmount: amountIn(discovery.receiver, amount.receive) }
    const exchange = await resources.send(
      paymentCalls.createQuote(sender, receiver, amounts),
      await sharedGrants.token('quote'),
    )
    expect(exchange.response.status, rule('QT-CREATE', `creating a quote: ${summarize(exchange)}`)).toBe(201)
    return exchange.response.json as Quote
  }
}

/**
 * Payments from the sender under an outgoing-payment grant of the test's own, obtained with `limits`: only
 * the outgoing payments are under the limits.
 */
export class LimitedPayments extends PaymentSetup {
  private constructor(
    context: LimitedPaymentsContext,
    /** The access token of the test's own grant. */
    readonly token: string,
  ) {
    super(context)
  }

  static async obtain(context: LimitedPaymentsContext, limits: OutgoingLimits): Promise<LimitedPayments> {
    const issued = await context.grants.outgoingPayment(context.discovery.sender, { limits })
    return new LimitedPayments(context, issued.grant.access_token.value)
  }

  /** Form 1 (a quote) or form 2 (an incoming payment and a debitAmount), under the test's grant. */
  async pay(source: Quote | { incomingPayment: string; debit: bigint }): Promise<PaymentAttempt> {
    const { resources, discovery } = this.context
    const marker = newMarker()
    const call =
      'incomingPayment' in source
        ? paymentCalls.payIncomingPayment(
            discovery.sender,
            source.incomingPayment,
            amountIn(discovery.sender, source.debit),
            marker,
          )
        : resourceCalls.createOutgoingPayment(discovery.sender, source.id, marker)
    return { exchange: await resources.send(call, this.token), marker }
  }

  expectPaid(attempt: PaymentAttempt, ruleId: string, what: string): OutgoingPaymentWithSpentAmounts {
    expect(
      attempt.exchange.response.status,
      rule(ruleId, `${what} is within the grant's limits and created (201): ${summarize(attempt.exchange)}`),
    ).toBe(201)
    return attempt.exchange.response.json as OutgoingPaymentWithSpentAmounts
  }

  /** 403 with the error envelope, and no outgoing payment behind it. */
  async expectRefused(attempt: PaymentAttempt, ruleId: string, what: string): Promise<void> {
    const { exchange } = attempt
    expect(
      exchange.response.status,
      rule(ruleId, `${what} is refused with 403: ${summarize(exchange)}`),
    ).toBe(403)
    const error = (exchange.response.json as { error?: { code?: unknown } } | undefined)?.error
    expect(
      typeof error?.code,
      rule(ruleId, `the 403 carries the error envelope: ${summarize(exchange)}`),
    ).toBe('string')
    const list = resourceCalls.listOutgoingPayments(this.context.discovery.sender, 100)
    expect(
      await this.context.resources.listed(list, this.token, attempt.marker),
      rule(ruleId, `the refused payment (${what}) created no outgoing payment`),
    ).toBe(false)
  }

  /** Polls each payment until it is fully sent; one that fails or stays unsent fails the check as `ruleId`. */
  async untilSettled(payments: OutgoingPayment[], ruleId: string): Promise<void> {
    const deadline = Date.now() + SETTLEMENT_TIMEOUT_MS
    for (const { id } of payments) {
      for (let attempt = 0; ; attempt++) {
        const exchange = await this.context.resources.send(resourceCalls.getOutgoingPayment(id), this.token)
        expect(exchange.response.status, rule('OP-GET', `reading ${id}: ${summarize(exchange)}`)).toBe(200)
        const payment = exchange.response.json as OutgoingPayment
        expect(
          payment.failed ?? false,
          rule(ruleId, `the payment the check counts on did not fail: ${summarize(exchange)}`),
        ).toBe(false)
        if (isFullySent(payment)) break
        expect(
          Date.now() < deadline,
          rule(
            ruleId,
            `${id} settles within ${SETTLEMENT_TIMEOUT_MS / 1000} s (sentAmount ` +
              `${describeAmount(payment.sentAmount)} of ${describeAmount(payment.debitAmount)})`,
          ),
        ).toBe(true)
        await sleep(POLL_INTERVALS[Math.min(attempt, POLL_INTERVALS.length - 1)]!)
      }
    }
  }

  /** GET /outgoing-payment-grant with the test's token. */
  async spent(ruleId: string, what: string): Promise<Exchange> {
    const exchange = await this.context.resources.send(
      resourceCalls.getOutgoingPaymentGrant(this.context.discovery.sender),
      this.token,
    )
    expect(exchange.response.status, rule(ruleId, `${what}: ${summarize(exchange)}`)).toBe(200)
    return exchange
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
