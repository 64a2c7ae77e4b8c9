import type { components } from '@interledger/open-payments/dist/openapi/generated/auth-server-types.js'
import type { AccessEntry } from '../authorization/access-context.ts'
import { currentInterval, type TimeSpan } from '../grants/interval.ts'
import { type Amount, sameAsset } from '../shared/amount.ts'
import { parseUint64, UINT64_MAX } from '../shared/uint64.ts'

/** An outgoing-payment entry's limits, amounts parsed. */
export interface GrantLimits {
  receiver: string | undefined
  interval: string | undefined
  debitAmount: Amount | undefined
  receiveAmount: Amount | undefined
}

type LimitAmount = components['schemas']['amount']

// The OpenAPI types the limits as a union (at most one amount); a grant holding both is still read whole.
type LimitsInput = {
  receiver?: string
  interval?: string
  debitAmount?: LimitAmount
  receiveAmount?: LimitAmount
}

/** The limits of an outgoing-payment entry; undefined when a limit amount is unreadable (then nothing fits). */
export function limitsOf(entry: AccessEntry): GrantLimits | undefined {
  const limits: LimitsInput | undefined = entry.type === 'outgoing-payment' ? entry.limits : undefined
  if (limits === undefined) {
    return { receiver: undefined, interval: undefined, debitAmount: undefined, receiveAmount: undefined }
  }
  const amount = (limit: LimitAmount | undefined) => {
    if (limit === undefined) return { ok: true as const, amount: undefined }
    const value = parseUint64(limit.value)
    return value === undefined
      ? { ok: false as const }
      : { ok: true as const, amount: { value, assetCode: limit.assetCode, assetScale: limit.assetScale } }
  }
  const debit = amount(limits.debitAmount)
  const receive = amount(limits.receiveAmount)
  if (!debit.ok || !receive.ok) return undefined
  return {
    receiver: limits.receiver,
    interval: limits.interval,
    debitAmount: debit.amount,
    receiveAmount: receive.amount,
  }
}

/**
 * The period whose payments count against the limits at `at`: the current interval, all time (undefined
 * bounds) without an interval, or 'outside' when `at` is in none of the grant's intervals.
 */
export function spendingWindow(limits: GrantLimits, at: Date): TimeSpan | undefined | 'outside' {
  if (limits.interval === undefined) return undefined
  return currentInterval(limits.interval, at) ?? 'outside'
}

export enum LimitViolation {
  /** What the grant has spent (its payments not failed, pending ones included) is a uint64 on each side. */
  Totals = 'Totals',
  Receiver = 'Receiver',
  Interval = 'Interval',
  DebitAsset = 'DebitAsset',
  DebitAmount = 'DebitAmount',
  ReceiveAsset = 'ReceiveAsset',
  ReceiveAmount = 'ReceiveAmount',
}

export interface PaymentUnderGrant {
  receiver: string
  debitAmount: Amount
  receiveAmount: Amount
}

/**
 * Checks `spent + amount <= limit` for each limit, with `spent` the window's totals before the payment, and, with
 * or without limits, that the totals stay amounts (at most 2^64-1): grantSpentDebitAmount and the others could not
 * be written otherwise.
 */
export function checkLimits(
  limits: GrantLimits,
  payment: PaymentUnderGrant,
  spent: { debit: bigint; receive: bigint },
): LimitViolation | undefined {
  if (
    spent.debit + payment.debitAmount.value > UINT64_MAX ||
    spent.receive + payment.receiveAmount.value > UINT64_MAX
  )
    return LimitViolation.Totals
  if (limits.receiver !== undefined && limits.receiver !== payment.receiver) return LimitViolation.Receiver
  const { debitAmount, receiveAmount } = limits
  if (debitAmount !== undefined) {
    if (!sameAsset(debitAmount, payment.debitAmount)) return LimitViolation.DebitAsset
    if (spent.debit + payment.debitAmount.value > debitAmount.value) return LimitViolation.DebitAmount
  }
  if (receiveAmount !== undefined) {
    if (!sameAsset(receiveAmount, payment.receiveAmount)) return LimitViolation.ReceiveAsset
    if (spent.receive + payment.receiveAmount.value > receiveAmount.value) return LimitViolation.ReceiveAmount
  }
  return undefined
}

/** The most each side's total may reach with a payment (kept with the totals, see migration 0006). */
export interface SpentCaps {
  debit: bigint
  receive: bigint
}

/**
 * The most each side's total may reach with this payment, for a payment no limit refuses on its own (undefined when
 * one does: its receiver, an asset, or an amount past its limit with nothing spent). A payment that keeps both totals
 * within their caps passes checkLimits, and one that takes either past its cap does not.
 */
export function spentCaps(limits: GrantLimits, payment: PaymentUnderGrant): SpentCaps | undefined {
  if (checkLimits(limits, payment, { debit: 0n, receive: 0n }) !== undefined) return undefined
  return {
    debit: limits.debitAmount?.value ?? UINT64_MAX,
    receive: limits.receiveAmount?.value ?? UINT64_MAX,
  }
}

const VIOLATIONS: Readonly<Record<LimitViolation, string>> = {
  [LimitViolation.Totals]:
    'The payment would take what the grant has spent past 18446744073709551615, the largest amount there is.',
  [LimitViolation.Receiver]: "The grant's receiver limit does not allow paying this receiver.",
  [LimitViolation.Interval]: "The grant's interval does not cover the current time.",
  [LimitViolation.DebitAsset]:
    "The payment's debitAmount is not in the asset of the grant's debitAmount limit.",
  [LimitViolation.DebitAmount]: "The payment would exceed the grant's debitAmount limit for this interval.",
  [LimitViolation.ReceiveAsset]:
    "The payment's receiveAmount is not in the asset of the grant's receiveAmount limit.",
  [LimitViolation.ReceiveAmount]:
    "The payment would exceed the grant's receiveAmount limit for this interval.",
}

export function describeLimitViolation(violation: LimitViolation): string {
  return VIOLATIONS[violation]
}

export function isLimitViolation(value: unknown): value is LimitViolation {
  return Object.values<unknown>(LimitViolation).includes(value)
}
