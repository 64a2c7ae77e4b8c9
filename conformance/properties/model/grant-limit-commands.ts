import type { Quote } from '@interledger/open-payments'
import type fc from 'fast-check'
import type { PaymentAttempt } from '../../checks/limited-payments.ts'
import { expectSpentAmounts } from '../../checks/spent-amounts.ts'
import { expect } from '../../harness/expect/conformance-expect.ts'
import { rule } from '../../harness/rules/covers.ts'
import {
  fits,
  type GrantLimitModel,
  type GrantLimitSystem,
  hasTimeForStep,
  intervalForStep,
  intervalOf,
  limitKey,
  record,
  reserved,
  settleAll,
  spent,
} from './grant-limit-model.ts'

/**
 * Creates a payment from `quote` in the interval the caller chose, and holds the target to the model: created
 * (201) exactly when what the interval has reserved plus `counted` stays within the limit, else refused with 403
 * creating nothing. Where the model cannot know (see GrantLimitModel.unknowable), either is right.
 */
async function payUnderModel(
  model: GrantLimitModel,
  system: GrantLimitSystem,
  quote: Quote,
  interval: number,
  what: string,
): Promise<void> {
  const counted = BigInt(quote[limitKey(model.side)].value)
  const used = model.side === 'debit' ? reserved(model, interval).debit : reserved(model, interval).receive
  const described = `${what}, counting ${counted} with ${used} of a ${limitKey(model.side)} limit of ${model.limit} reserved in interval ${interval}`
  const attempt = await system.payments.pay(quote)
  if (attempt.exchange.response.status === 201) {
    recordCreated(model, system, attempt, described)
    return
  }
  const expected = fits(model, interval, counted)
  if (expected === true && !(await straddled(system, interval))) {
    system.payments.expectPaid(attempt, 'LIM-AMOUNT', described)
  }
  await system.payments.expectNotPaid(attempt, 'LIM-AMOUNT', described)
}

/**
 * Records a payment the target created (201), in the interval its createdAt puts it in (a step that straddled a
 * boundary is judged there), and holds the target to the limit: with it, that interval's reservations still fit.
 */
export function recordCreated(
  model: GrantLimitModel,
  system: GrantLimitSystem,
  attempt: PaymentAttempt,
  described: string,
): void {
  const paid = system.payments.expectPaid(attempt, 'LIM-AMOUNT', described)
  const placed = intervalOf(system, paid)
  record(model, paid, placed)
  expect(
    fits(model, placed, 0n),
    rule('LIM-AMOUNT', `${described}: it does not fit, yet it was created (201)`),
  ).not.toBe(false)
}

/** A refusal gives no createdAt: whether the step straddled an interval boundary after all, by the clock. */
export async function straddled(system: GrantLimitSystem, interval: number): Promise<boolean> {
  return system.clock !== undefined && (await system.clock.currentIndex()) !== interval
}

/** Quotes and pays `units` of the target's unit on the limited side, into the run's receiver. */
export class PayUnderLimitCommand implements fc.AsyncCommand<GrantLimitModel, GrantLimitSystem> {
  constructor(readonly units: bigint) {}

  check(model: Readonly<GrantLimitModel>): boolean {
    return hasTimeForStep(model)
  }

  async run(model: GrantLimitModel, system: GrantLimitSystem): Promise<void> {
    const value = this.units * system.unit
    const quote = await system.payments.quote(
      system.receiver,
      model.side === 'debit' ? { debit: value } : { receive: value },
    )
    // What the target made of the payment on the limited side: a fee on the other side does not count.
    expect(
      BigInt(quote[limitKey(model.side)].value),
      rule('QT-CREATE', `a quote fixing ${limitKey(model.side)} ${value} keeps it`),
    ).toBe(value)
    const interval = await intervalForStep(system)
    await payUnderModel(model, system, quote, interval, `a payment of ${value}`)
  }

  toString(): string {
    return `Pay(${this.units} units)`
  }
}

/**
 * Once every payment has settled or failed, GET /outgoing-payment-grant shows what the settled payments of the
 * current interval add up to: failed ones count for nothing.
 */
export async function expectSpentAsModelled(model: GrantLimitModel, system: GrantLimitSystem): Promise<void> {
  // A slow target's spending is not known yet (outcome() has reported the slowness).
  if (!(await settleAll(model, system))) return
  const interval = await intervalForStep(system)
  if (model.unknowable.has(interval)) return
  const what = `the spent amounts in interval ${interval}`
  const exchange = await system.payments.spent('GSA-GET', what)
  // Read across a boundary, the reading belongs to either interval.
  if (await straddled(system, interval)) return
  // A reading after an interval in which the grant paid shows that the amounts are the current interval's.
  const earlier = model.payments.some((payment) => payment.interval < interval)
  const ref = earlier ? 'GSA-GET#interval' : 'GSA-GET#totals'
  expectSpentAmounts(ref, exchange, spent(model, interval), system.assets, what)
}

/** Reads the spent amounts once every payment has settled or failed (expectSpentAsModelled). */
export class ReadSpentCommand implements fc.AsyncCommand<GrantLimitModel, GrantLimitSystem> {
  check(model: Readonly<GrantLimitModel>): boolean {
    return hasTimeForStep(model)
  }

  async run(model: GrantLimitModel, system: GrantLimitSystem): Promise<void> {
    await expectSpentAsModelled(model, system)
  }

  toString(): string {
    return 'ReadSpent'
  }
}
