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

/** Reads one of the run's incoming payments: it shows what the model says. */
export class GetIncomingPaymentCommand
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
    const exchange = await resources.send(resourceCalls.getIncomingPayment(payment.id), token)
    expect(exchange.response.status, rule('IP-GET', `reading: ${summarize(exchange)}`)).toBe(200)
    expectAsModelled('IP-GET', exchange.response.json, payment, receiver, `GET ${payment.id}`)
  }

  toString(): string {
    return `Get(#${this.index})`
  }
}
