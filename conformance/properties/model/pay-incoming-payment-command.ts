import type fc from 'fast-check'
import {
  expectRefusedOrFailed,
  REFUSED_GONE_RECEIVER,
  REFUSED_RECEIVER,
  readUnlessGone,
} from '../../checks/incoming-payment-refusals.ts'
import { expectRefusal } from '../../checks/refusals.ts'
import { amountIn } from '../../harness/discovery/discovery.ts'
import { expect } from '../../harness/expect/conformance-expect.ts'
import { bodyOf } from '../../harness/openapi/body-of.ts'
import { rule } from '../../harness/rules/covers.ts'
import type { RuleId } from '../../harness/rules/registry.ts'
import {
  expectReadAsModelled,
  expiryOf,
  type IncomingPaymentModel,
  type IncomingPaymentSystem,
  isClosed,
  type ModelPayment,
  mayBeGone,
  pick,
} from './incoming-payment-model.ts'
import { afterReceiving, stateBy } from './view-clauses.ts'

/**
 * Pays `units` of the target's unit into one of the run's incoming payments: a fixed-receive quote (so what
 * arrives is exact whatever the fees), an outgoing payment from it, and its settlement.
 * - A completed or expired payment takes nothing: the quote or the payment is refused, or the payment fails.
 * - An open one within its incomingAmount (or without one) receives it all, and completes once it has received
 *   its incomingAmount.
 * - Beyond its incomingAmount, or while it may be expiring, the spec leaves the answer open: the model learns
 *   what the target did, which must still add up.
 */
export class PayIncomingPaymentCommand
  implements fc.AsyncCommand<IncomingPaymentModel, IncomingPaymentSystem>
{
  /** `closedOnly`: pays one of the completed or expired payments (none yet: the command is skipped). */
  constructor(
    readonly index: number,
    readonly units: bigint,
    readonly closedOnly = false,
  ) {}

  check(model: Readonly<IncomingPaymentModel>): boolean {
    return this.closedOnly ? model.payments.some(isClosed) : model.payments.length > 0
  }

  async run(model: IncomingPaymentModel, system: IncomingPaymentSystem): Promise<void> {
    const payment = pick(model, this.index, this.closedOnly ? isClosed : undefined)
    const value = this.units * system.unit
    const expiry = expiryOf(payment)
    const what = `paying ${value} into ${payment.id} (received ${payment.received} of ${
      payment.incomingAmount ?? 'no incomingAmount'
    }${payment.completed ? ', completed' : ''}, ${expiry})`
    if (payment.completed || expiry === 'expired') {
      const ruleId = payment.completed ? 'IP-REJECT-AFTER-COMPLETE' : 'IP-REJECT-AFTER-EXPIRY'
      await expectNothingPaid(ruleId, payment, value, system, what)
      return
    }
    const beyond = payment.incomingAmount !== undefined && payment.received + value > payment.incomingAmount
    if (beyond || expiry === 'expiring') {
      await learnWhatWasPaid(payment, value, system, what)
      return
    }
    const { steps } = system
    const quote = await steps.quote(payment.id, { receiveAmount: amountIn(system.receiver, value) })
    await steps.untilSent((await steps.pay(quote)).id, 'OP-SETTLE')
    payment.received += value
    await steps.untilReceived(payment.id, payment.received, 'OP-SETTLE#received-once', system.token)
    if (payment.incomingAmount !== undefined && payment.received >= payment.incomingAmount) {
      payment.completed = true
      await steps.untilCompleted(payment.id, 'IP-COMPLETE-ON-RECEIPT#reaches-amount')
    }
    await expectReadAsModelled(afterReceiving(payment.incomingAmount), payment, system, `after ${what}`)
  }

  toString(): string {
    return `${this.closedOnly ? 'PayClosed' : 'Pay'}(#${this.index}, ${this.units} units)`
  }
}

/** The quote or the payment is refused, or the payment fails; the incoming payment received nothing more. */
async function expectNothingPaid(
  ruleId: RuleId,
  payment: ModelPayment,
  value: bigint,
  system: IncomingPaymentSystem,
  what: string,
): Promise<void> {
  const { steps, receiver } = system
  const refused = mayBeGone(payment) ? REFUSED_GONE_RECEIVER : REFUSED_RECEIVER
  const quote = await steps.sendQuote(payment.id, { receiveAmount: amountIn(receiver, value) })
  if (quote.response.status === 201) {
    const paid = await steps.sendPayment(bodyOf(quote, 'quote').id)
    await expectRefusedOrFailed(ruleId, steps, paid, what, refused)
  } else {
    expectRefusal(quote, { rule: ruleId, what: `the quote for ${what}`, statuses: refused })
  }
  await expectReadAsModelled(stateBy(ruleId), payment, system, `after ${what}`)
}

/**
 * Either answer is right: refused, or accepted and then sent in full, in part or not at all. What arrived is
 * read back and must lie between nothing and the payment; a payment with an incomingAmount it has reached is
 * completed.
 */
async function learnWhatWasPaid(
  payment: ModelPayment,
  value: bigint,
  system: IncomingPaymentSystem,
  what: string,
): Promise<void> {
  const { steps, receiver, resources, token } = system
  const quote = await steps.sendQuote(payment.id, { receiveAmount: amountIn(receiver, value) })
  if (quote.response.status === 201) {
    const paid = await steps.sendPayment(bodyOf(quote, 'quote').id)
    if (paid.response.status === 201) await steps.outcome(bodyOf(paid, 'outgoing-payment').id)
  }
  const shown = await readUnlessGone(resources, payment.id, token, 'IP-GET#found')
  if (shown === undefined) {
    expect(mayBeGone(payment), rule('IP-GET#found', `${payment.id} is gone after ${what}`)).toBe(true)
    return
  }
  const received = BigInt(shown.receivedAmount.value)
  expect(
    received >= payment.received && received <= payment.received + value,
    rule(
      'OP-SETTLE#received-once',
      `after ${what}, receivedAmount ${received} lies between what it had and that plus the payment`,
    ),
  ).toBe(true)
  payment.received = received
  if (payment.incomingAmount !== undefined && received >= payment.incomingAmount) {
    payment.completed = true
    await steps.untilCompleted(payment.id, 'IP-COMPLETE-ON-RECEIPT#reaches-amount')
  }
  await expectReadAsModelled(afterReceiving(payment.incomingAmount), payment, system, `after ${what}`)
}
