import type {
  IncomingPaymentWithPaymentMethods,
  OutgoingPayment,
  OutgoingPaymentWithSpentAmounts,
  Quote,
} from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { amountIn, type Discovery } from '../harness/discovery/discovery.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import type { OutgoingLimits } from '../harness/gnap/grant-requests.ts'
import type { Grants } from '../harness/gnap/grants.ts'
import { RotatingToken } from '../harness/gnap/rotating-token.ts'
import { bodyOf } from '../harness/openapi/body-of.ts'
import type { RuleId, RuleRef } from '../harness/rules/registry.ts'
import type { PaymentSteps } from '../steps/payment-steps.ts'
import { resourceCalls } from '../steps/resource-calls.ts'
import { newMarker, type Resources } from '../steps/resources.ts'
import { expectNothingCreated } from './nothing-created.ts'
import { expectRefusal } from './refusals.ts'

export interface LimitedPaymentsContext {
  grants: Grants
  resources: Resources
  discovery: Discovery
  paymentSteps: PaymentSteps
}

/** Fixed-send (`debit`, the sender's asset) or fixed-receive (`receive`, the receiver's), in smallest units. */
export type QuotedAmount = { debit: bigint } | { receive: bigint }

/** One request to create an outgoing payment, with the marker that tells whether it created anything. */
export interface PaymentAttempt {
  exchange: Exchange
  marker: string
}

/**
 * Payments from the sender under an outgoing-payment grant of the test's own, obtained with `limits`: only
 * the outgoing payments are under the limits. Receivers and quotes come from `steps`, under the worker's
 * shared grants, so what the test counts is spent under its own grant alone.
 */
export class LimitedPayments {
  private constructor(
    private readonly context: LimitedPaymentsContext,
    /** The access token of the test's own grant, rotated as it nears its end. */
    private readonly token: RotatingToken,
    readonly steps: PaymentSteps,
  ) {}

  static async obtain(context: LimitedPaymentsContext, limits: OutgoingLimits): Promise<LimitedPayments> {
    const { grants, discovery, paymentSteps } = context
    const issued = await grants.outgoingPayment(discovery.sender, { limits })
    return new LimitedPayments(context, new RotatingToken(grants, issued), paymentSteps)
  }

  /** An incoming payment on the receiver, without incomingAmount: it takes whatever the test sends. */
  async receiver(): Promise<IncomingPaymentWithPaymentMethods> {
    return (await this.steps.receiver()).payment
  }

  quote(receiver: string, amount: QuotedAmount): Promise<Quote> {
    const { sender, receiver: receiverAddress } = this.context.discovery
    const amounts =
      'debit' in amount
        ? { debitAmount: amountIn(sender, amount.debit) }
        : { receiveAmount: amountIn(receiverAddress, amount.receive) }
    return this.steps.quote(receiver, amounts)
  }

  /** Form 1 (a quote) or form 2 (an incoming payment and a debitAmount), under the test's grant. */
  async pay(source: Quote | { incomingPayment: string; debit: bigint }): Promise<PaymentAttempt> {
    const marker = newMarker()
    const exchange =
      'incomingPayment' in source
        ? await this.steps.sendDirectPayment(
            source.incomingPayment,
            source.debit,
            marker,
            await this.token.value(),
          )
        : await this.steps.sendPayment(source.id, marker, await this.token.value())
    return { exchange, marker }
  }

  /** A quote to `receiver` for `amount`, then its payment under the test's grant. */
  async payQuoted(receiver: string, amount: QuotedAmount): Promise<PaymentAttempt> {
    return this.pay(await this.quote(receiver, amount))
  }

  expectPaid(attempt: PaymentAttempt, ruleId: RuleRef, what: string): OutgoingPaymentWithSpentAmounts {
    expect(attempt.exchange).toAnswer(201, ruleId, `${what} is within the grant's limits and created (201)`)
    return bodyOf(attempt.exchange, 'outgoing-payment-with-spent-amounts')
  }

  /** 403 (or `statuses`) with the error envelope, and no outgoing payment behind it. */
  async expectNotPaid(
    attempt: PaymentAttempt,
    ruleId: RuleRef,
    what: string,
    statuses: readonly number[] = [403],
  ): Promise<void> {
    expectRefusal(attempt.exchange, { rule: ruleId, statuses, what })
    const { resources, discovery } = this.context
    const list = resourceCalls.listOutgoingPayments(discovery.sender, 100)
    await expectNothingCreated(
      { resources, list, token: await this.token.value() },
      attempt.marker,
      ruleId,
      `the refused payment (${what})`,
    )
  }

  /** Waits until the payment is fully sent, read with the test's token; see PaymentSteps.untilSent. */
  async untilSent(id: string, ruleId: RuleId): Promise<OutgoingPayment> {
    return this.steps.untilSent(id, ruleId, await this.token.value())
  }

  /** Where the payment stands (see PaymentSteps.outcome), read with the test's token. */
  async outcome(id: string): ReturnType<PaymentSteps['outcome']> {
    return this.steps.outcome(id, await this.token.value())
  }

  /** GET /outgoing-payment-grant with the test's token. */
  async spent(ruleId: RuleId, what: string): Promise<Exchange> {
    const exchange = await this.context.resources.send(
      resourceCalls.getOutgoingPaymentGrant(this.context.discovery.sender),
      await this.token.value(),
    )
    expect(exchange).toAnswer(200, ruleId, what)
    return exchange
  }
}
