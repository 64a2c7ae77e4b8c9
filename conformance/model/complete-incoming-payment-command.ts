import { expect } from '@playwright/test'
import type fc from 'fast-check'
import { summarize } from '../http/format-exchange.ts'
import { resourceCalls } from '../resources/resource-calls.ts'
import { rule } from '../rules/covers.ts'
import {
  expectAsModelled,
  type IncomingPaymentModel,
  type IncomingPaymentSystem,
  pick,
} from './incoming-payment-model.ts'

/** decisions.md: completing a completed payment is 409 upstream; either client error is correct. */
const ALREADY_COMPLETED = [400, 409]

/**
 * Completes one of the run's incoming payments: the first time it answers 200 with completed true; again, it
 * refuses and the payment stays as it was.
 */
export class CompleteIncomingPaymentCommand
  implements fc.AsyncCommand<IncomingPaymentModel, IncomingPaymentSystem>
{
  constructor(readonly index: number) {}

  check(model: Readonly<IncomingPaymentModel>): boolean {
    return model.payments.length > 0
  }

  async run(
    model: IncomingPaymentModel,
    { resources, token, receiver }: IncomingPaymentSystem,
  ): Promise<void> {
    const payment = pick(model, this.index)
    const exchange = await resources.send(resourceCalls.completeIncomingPayment(payment.id), token)
    if (!payment.completed) {
      expect(exchange.response.status, rule('IP-COMPLETE', `completing: ${summarize(exchange)}`)).toBe(200)
      payment.completed = true
      expectAsModelled('IP-COMPLETE', exchange.response.json, payment, receiver, 'the completed payment')
      return
    }
    expect(
      ALREADY_COMPLETED,
      rule('IP-COMPLETE', `completing an already completed payment: ${summarize(exchange)}`),
    ).toContain(exchange.response.status)
    const after = await resources.send(resourceCalls.getIncomingPayment(payment.id), token)
    expect(after.response.status, rule('IP-GET', `reading after the refusal: ${summarize(after)}`)).toBe(200)
    expectAsModelled('IP-COMPLETE', after.response.json, payment, receiver, 'after the refused complete')
  }

  toString(): string {
    return `Complete(#${this.index})`
  }
}
