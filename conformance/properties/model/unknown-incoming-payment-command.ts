import type fc from 'fast-check'
import { expectRefusal } from '../../checks/refusals.ts'
import { resourceUrl } from '../../harness/discovery/discovery.ts'
import { resourceCalls } from '../../steps/resource-calls.ts'
import type { IncomingPaymentModel, IncomingPaymentSystem } from './incoming-payment-model.ts'

/**
 * Reads or completes an incoming payment the server never issued: 404 (decisions.md: unknown resource id),
 * whatever the run has done before; the model does not change.
 */
export class UnknownIncomingPaymentCommand
  implements fc.AsyncCommand<IncomingPaymentModel, IncomingPaymentSystem>
{
  constructor(
    readonly action: 'get' | 'complete',
    readonly uuid: string,
  ) {}

  check(): boolean {
    return true
  }

  async run(
    model: IncomingPaymentModel,
    { resources, token, receiver }: IncomingPaymentSystem,
  ): Promise<void> {
    const id = `${resourceUrl(receiver, 'incoming-payments')}/${this.uuid}`
    // A v4 UUID the run drew: one of the run's own payments would be a collision of 122 random bits.
    if (model.payments.some((payment) => payment.id === id)) return
    const call =
      this.action === 'get' ? resourceCalls.getIncomingPayment(id) : resourceCalls.completeIncomingPayment(id)
    const exchange = await resources.send({ ...call, input: 'invalid' }, token)
    expectRefusal(exchange, {
      rule: this.action === 'get' ? 'IP-GET#unknown-404' : 'IP-COMPLETE#unknown-404',
      statuses: [404],
      what: `${this.action} of an incoming payment the server never issued`,
    })
  }

  toString(): string {
    return `${this.action === 'get' ? 'Get' : 'Complete'}Unknown(${this.uuid})`
  }
}
