import type fc from 'fast-check'
import { expect } from '../../harness/expect/conformance-expect.ts'
import { rule } from '../../harness/rules/covers.ts'
import { warn } from '../../harness/rules/warn.ts'
import { hasMarker, resourceCalls } from '../../steps/resource-calls.ts'
import { walkListUntil } from '../../steps/walk-list.ts'
import {
  expectAsModelled,
  type IncomingPaymentModel,
  type IncomingPaymentSystem,
  mayBeGone,
} from './incoming-payment-model.ts'
import { LISTED, unchangedIn } from './view-clauses.ts'

/**
 * Lists the receiver's incoming payments: every payment of the run appears once, as modelled (an expired one
 * that received nothing may be gone), and nothing carrying the run's marker appears that the run did not create.
 */
export class ListIncomingPaymentsCommand
  implements fc.AsyncCommand<IncomingPaymentModel, IncomingPaymentSystem>
{
  check(): boolean {
    return true
  }

  async run(
    model: IncomingPaymentModel,
    { resources, token, receiver }: IncomingPaymentSystem,
  ): Promise<void> {
    const { items, complete } = await walkListUntil(
      resources,
      resourceCalls.listIncomingPayments(receiver, 100),
      token,
      'IP-LIST',
    )
    const idOf = (item: unknown) => (item as { id?: unknown }).id
    for (const payment of model.payments) {
      const listed = items.filter((item) => idOf(item) === payment.id)
      if (listed.length === 0 && !complete) {
        warn(
          'IP-LIST',
          `the list is too long to walk to its end: that it shows ${payment.id} was not checked`,
        )
        continue
      }
      if (listed.length === 0 && mayBeGone(payment)) continue
      expect(listed.length, rule('IP-LIST', `${payment.id} appears once in the list`)).toBe(1)
      expectAsModelled(LISTED, unchangedIn(LISTED), listed[0], payment, receiver, 'the listed payment')
    }
    const known = new Set(model.payments.map((payment) => payment.id))
    const strays = items.filter(
      (item) => hasMarker(item, model.runMarker) && !known.has(idOf(item) as string),
    )
    expect(
      strays,
      rule('IP-LIST', 'the list shows no payment of this run that create did not return'),
    ).toEqual([])
  }

  toString(): string {
    return 'List'
  }
}
