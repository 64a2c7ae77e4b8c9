import type fc from 'fast-check'
import { msUntilServerPasses, sleep } from '../../harness/time/server-time.ts'
import { expiryOf, type IncomingPaymentModel, type IncomingPaymentSystem } from './incoming-payment-model.ts'

/**
 * Waits until every short-lived payment of the run has certainly expired on the target's clock (a few seconds),
 * so the commands after it meet expired payments. Once per run: the wait is most of what a run costs.
 */
export class WaitForExpiryCommand implements fc.AsyncCommand<IncomingPaymentModel, IncomingPaymentSystem> {
  check(model: Readonly<IncomingPaymentModel>): boolean {
    return !model.waited && model.payments.some((payment) => expiryOf(payment) === 'expiring')
  }

  async run(model: IncomingPaymentModel): Promise<void> {
    model.waited = true
    const waits = model.payments.map(({ expiry }) =>
      expiry === undefined ? 0 : msUntilServerPasses(expiry.expiresAt, expiry.createdAt, expiry.receivedAt),
    )
    await sleep(Math.max(...waits), "the run's short-lived incoming payments to expire")
  }

  toString(): string {
    return 'WaitForExpiry'
  }
}
