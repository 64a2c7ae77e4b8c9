import type { OutgoingPaymentWithSpentAmounts } from '@interledger/open-payments'
import { expect } from '@playwright/test'
import type fc from 'fast-check'
import type { LimitedPayments } from '../resources/limited-payments.ts'
import { rule } from '../rules/covers.ts'

/** What the model knows of one grant with a limit: the limit and what its payments have spent against it. */
export interface GrantLimitModel {
  side: 'debit' | 'receive'
  limit: bigint
  spent: bigint
}

/** The grant as the commands reach it: its payments and one receiver they all pay. */
export interface GrantLimitSystem {
  payments: LimitedPayments
  receiver: string
  unit: bigint
}

const limitKey = (side: GrantLimitModel['side']) => (side === 'debit' ? 'debitAmount' : 'receiveAmount')

/**
 * Quotes and pays `units` of the target's unit on the limited side: created (201) exactly when the model's
 * spent amount plus this payment stays within the limit, else refused (403) creating nothing.
 */
export class PayUnderLimitCommand implements fc.AsyncCommand<GrantLimitModel, GrantLimitSystem> {
  constructor(readonly units: bigint) {}

  check(): boolean {
    return true
  }

  async run(model: GrantLimitModel, { payments, receiver, unit }: GrantLimitSystem): Promise<void> {
    const value = this.units * unit
    const key = limitKey(model.side)
    const quote = await payments.quote(
      receiver,
      model.side === 'debit' ? { debit: value } : { receive: value },
    )
    const attempt = await payments.pay(quote)
    const what = `a payment of ${value} with ${model.spent} of a ${key} limit of ${model.limit} spent`
    if (model.spent + value > model.limit) {
      await payments.expectNotPaid(attempt, 'LIM-AMOUNT', what)
      return
    }
    const paid: OutgoingPaymentWithSpentAmounts = payments.expectPaid(attempt, 'LIM-AMOUNT', what)
    // What the target made of the payment on the limited side: a fee on the other side does not count.
    const counted = BigInt(paid[key].value)
    expect(counted, rule('LIM-AMOUNT', `${what}: its ${key} is the one quoted`)).toBe(value)
    model.spent += counted
  }

  toString(): string {
    return `Pay(${this.units} units)`
  }
}
