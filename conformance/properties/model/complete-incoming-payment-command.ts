import type fc from 'fast-check'
import { expect } from '../../harness/expect/conformance-expect.ts'
import { summarize } from '../../harness/http/format-exchange.ts'
import { rule } from '../../harness/rules/covers.ts'
import { warn } from '../../harness/rules/warn.ts'
import { resourceCalls } from '../../steps/resource-calls.ts'
import {
  expectAsModelled,
  expectReadAsModelled,
  expiryOf,
  type IncomingPaymentModel,
  type IncomingPaymentSystem,
  pick,
} from './incoming-payment-model.ts'
import { answeredBy, stateBy } from './view-clauses.ts'

/** decisions.md: completing a completed payment is 409 upstream; either client error is correct. */
const ALREADY_COMPLETED = [400, 409]
const AGAIN = 'IP-COMPLETE#again-unchanged'
const EXPIRED = 'IP-COMPLETE#expired-refused'

/**
 * Completes one of the run's incoming payments: the first time it answers 200 with completed true; again, or once
 * it has expired (decisions.md: any client error), it refuses and the payment stays as it was. While it may be
 * expiring, either answer is right and the model learns which.
 */
export class CompleteIncomingPaymentCommand
  implements fc.AsyncCommand<IncomingPaymentModel, IncomingPaymentSystem>
{
  constructor(readonly index: number) {}

  check(model: Readonly<IncomingPaymentModel>): boolean {
    return model.payments.length > 0
  }

  async run(model: IncomingPaymentModel, system: IncomingPaymentSystem): Promise<void> {
    const payment = pick(model, this.index)
    const expiry = expiryOf(payment)
    const exchange = await system.resources.send(
      resourceCalls.completeIncomingPayment(payment.id),
      system.token,
    )
    const { status } = exchange.response
    const what = `completing ${payment.id}${payment.completed ? ', already completed' : ''} (${expiry})`
    if (!payment.completed && (expiry === 'open' || (expiry === 'expiring' && status === 200))) {
      expect(exchange).toAnswer(200, 'IP-COMPLETE#completes', what)
      payment.completed = true
      const completes = 'IP-COMPLETE#completes'
      expectAsModelled(
        answeredBy(completes),
        stateBy(completes),
        exchange.response.json,
        payment,
        system.receiver,
        'the completed payment',
      )
      return
    }
    if (payment.completed && status === 200) {
      // No transition leaves completed=true: a 200 that changes nothing is a warning (docs/spec-decisions.md).
      expectAsModelled(
        answeredBy(AGAIN),
        stateBy(AGAIN),
        exchange.response.json,
        payment,
        system.receiver,
        `${what}, answered 200`,
      )
      warn(AGAIN, `${what}: answered 200, not 400 or 409`)
    } else if (payment.completed) {
      expect(ALREADY_COMPLETED, rule(AGAIN, `${what}: ${summarize(exchange)}`)).toContain(status)
    } else {
      expect(
        status >= 400 && status < 500,
        rule(EXPIRED, `${what} is refused with a client error: ${summarize(exchange)}`),
      ).toBe(true)
    }
    await expectReadAsModelled(
      stateBy(payment.completed ? AGAIN : EXPIRED),
      payment,
      system,
      'after the refused complete',
    )
  }

  toString(): string {
    return `Complete(#${this.index})`
  }
}
