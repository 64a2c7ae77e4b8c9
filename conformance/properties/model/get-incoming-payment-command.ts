import type fc from 'fast-check'
import {
  expectReadAsModelled,
  type IncomingPaymentModel,
  type IncomingPaymentSystem,
  pick,
} from './incoming-payment-model.ts'
import { READ, unchangedIn } from './view-clauses.ts'

/** Reads one of the run's incoming payments: it shows what the model says (or is gone, where it may be). */
export class GetIncomingPaymentCommand
  implements fc.AsyncCommand<IncomingPaymentModel, IncomingPaymentSystem>
{
  constructor(readonly index: number) {}

  check(model: Readonly<IncomingPaymentModel>): boolean {
    return model.payments.length > 0
  }

  async run(model: IncomingPaymentModel, system: IncomingPaymentSystem): Promise<void> {
    const payment = pick(model, this.index)
    await expectReadAsModelled(unchangedIn(READ), payment, system, `GET ${payment.id}`)
  }

  toString(): string {
    return `Get(#${this.index})`
  }
}
