import type { OutgoingPaymentWithSpentAmounts } from '@interledger/open-payments'
import type { LimitedPayments } from '../../checks/limited-payments.ts'
import type { expectSpentAmounts, Totals } from '../../checks/spent-amounts.ts'
import type { IntervalClock } from '../../harness/gnap/limit-interval.ts'
import { typicalRequestMs } from '../../harness/time/request-time.ts'

/** One payment the model saw created under the grant. */
export interface GrantPayment {
  id: string
  /** The interval it counts in (0 for a grant without one). */
  interval: number
  debit: bigint
  receive: bigint
  state: 'pending' | 'sent' | 'failed'
}

/** What the model knows of one grant with a limit: the limit, and the payments created under it. */
export interface GrantLimitModel {
  side: 'debit' | 'receive'
  limit: bigint
  payments: GrantPayment[]
  /**
   * Intervals where a payment failed after sending part of its amount: "successfully deducted" then lies
   * between nothing and that part, so what counts there is no longer known exactly.
   */
  unknowable: Set<number>
  hasInterval: boolean
  /** Whether the run has waited for the next interval (once at most: it takes seconds). */
  waited: boolean
  /** No step starts after this time (ms since the epoch): see hasTimeForStep. */
  stepsUntil: number
}

/**
 * Whether a step may start: a slow target (payments that take long to settle, as settlement time is the
 * server's choice) then costs a run its later steps, not the test its timeout, which would fail every rule
 * the property checks.
 */
export function hasTimeForStep(model: Readonly<GrantLimitModel>): boolean {
  return Date.now() < model.stepsUntil
}

/** The grant as the commands reach it: its payments, one receiver they pay, and its interval's clock. */
export interface GrantLimitSystem {
  payments: LimitedPayments
  receiver: string
  unit: bigint
  /** Set when the grant's limit has an interval. */
  clock?: IntervalClock
  /** The assets of the spent amounts: the sender's (debit) and the receiver's (receive). */
  assets: Parameters<typeof expectSpentAmounts>[3]
}

/** How long a timed step may take near by: it starts only with this much of its interval left. */
const NEAR_ROOM_MS = 1_500

/** A step's room, as this target answers: a payment and a clock stamp (request-time.ts measures them). */
export function roomMs(answerMs = typicalRequestMs(0)): number {
  return Math.max(NEAR_ROOM_MS, 2 * answerMs)
}

export const limitKey = (side: GrantLimitModel['side']) =>
  side === 'debit' ? 'debitAmount' : 'receiveAmount'

/** The interval a step starts in, once there is room for it (0 without an interval). */
export async function intervalForStep(system: GrantLimitSystem): Promise<number> {
  return system.clock === undefined ? 0 : system.clock.freshInterval(roomMs())
}

/** The interval the target put a created payment in, read from its createdAt. */
export function intervalOf(system: GrantLimitSystem, created: { createdAt: string }): number {
  return system.clock === undefined ? 0 : system.clock.indexAt(Date.parse(created.createdAt))
}

/** What the payments of an interval that have not failed add up to: reserved or spent against the limit. */
export function reserved(model: GrantLimitModel, interval: number): Totals {
  return totals(model.payments.filter((p) => p.interval === interval && p.state !== 'failed'))
}

/** What the settled payments of an interval add up to: what the grant has spent there. */
export function spent(model: GrantLimitModel, interval: number): Totals {
  return totals(model.payments.filter((p) => p.interval === interval && p.state === 'sent'))
}

function totals(payments: GrantPayment[]): Totals {
  return payments.reduce((sum, p) => ({ debit: sum.debit + p.debit, receive: sum.receive + p.receive }), {
    debit: 0n,
    receive: 0n,
  })
}

/** Whether a payment counting `amount` on the limited side fits in `interval`: yes, no, or unknowable. */
export function fits(model: GrantLimitModel, interval: number, amount: bigint): boolean | undefined {
  if (model.unknowable.has(interval)) return undefined
  const used = model.side === 'debit' ? reserved(model, interval).debit : reserved(model, interval).receive
  return used + amount <= model.limit
}

/** Records a payment the target created. */
export function record(
  model: GrantLimitModel,
  created: OutgoingPaymentWithSpentAmounts,
  interval: number,
): void {
  model.payments.push({
    id: created.id,
    interval,
    debit: BigInt(created.debitAmount.value),
    receive: BigInt(created.receiveAmount.value),
    state: 'pending',
  })
}

/**
 * Waits until every pending payment has settled or failed, so what the grant has spent is what the model says.
 * False when one is still pending after the settlement timeout (a slow target: its spending is not known yet).
 */
export async function settleAll(model: GrantLimitModel, system: GrantLimitSystem): Promise<boolean> {
  for (const payment of model.payments.filter((p) => p.state === 'pending')) {
    const outcome = await system.payments.outcome(payment.id)
    if (outcome.state === 'pending') return false
    payment.state = outcome.state
    if (outcome.state === 'failed' && BigInt(outcome.payment.sentAmount.value) > 0n) {
      model.unknowable.add(payment.interval)
    }
  }
  return true
}
