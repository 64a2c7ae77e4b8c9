import type { OutgoingPayment, OutgoingPaymentWithSpentAmounts } from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { rule } from '../harness/rules/covers.ts'
import { ruleNotApplicable } from '../harness/rules/not-applicable.ts'
import type { RuleRef } from '../harness/rules/registry.ts'
import { warn } from '../harness/rules/warn.ts'
import { type Amount, describeAmount, sameAsset } from '../steps/amounts.ts'

/** What a grant's payments add up to, per side, in the payments' own assets. */
export interface Totals {
  debit: bigint
  receive: bigint
}

type Asset = Pick<Amount, 'assetCode' | 'assetScale'>

export const NOTHING: Totals = { debit: 0n, receive: 0n }

export function totalsOf(payments: OutgoingPayment[]): Totals {
  return payments.reduce(
    (sum, payment) => ({
      debit: sum.debit + BigInt(payment.debitAmount.value),
      receive: sum.receive + BigInt(payment.receiveAmount.value),
    }),
    NOTHING,
  )
}

export function plus(a: Totals, b: Totals): Totals {
  return { debit: a.debit + b.debit, receive: a.receive + b.receive }
}

/**
 * The GET /outgoing-payment-grant body shows `expected`. Both keys must be there; nothing spent may read as
 * null (the OpenAPI document's "No spent amounts" example) or as a zero amount.
 */
export function expectSpentAmounts(
  ref: RuleRef,
  exchange: Exchange,
  expected: Totals,
  assets: { debit: Asset; receive: Asset },
  what: string,
): void {
  const body = (exchange.response.json ?? {}) as Record<string, unknown>
  for (const [key, value, asset] of [
    ['spentDebitAmount', expected.debit, assets.debit],
    ['spentReceiveAmount', expected.receive, assets.receive],
  ] as const) {
    expect(key in body, rule(ref, `${what}: the body has ${key}: ${summarize(exchange)}`)).toBe(true)
    const amount = body[key] as Amount | null
    const shown = amount === null ? 'null' : describeAmount(amount)
    const matches =
      amount === null
        ? value === 0n
        : BigInt(amount.value) === value && (value === 0n || sameAsset(amount, asset))
    expect(
      matches,
      rule(
        ref,
        `${what}: ${key} is ${value === 0n ? 'null or zero' : `${value} ${asset.assetCode}/${asset.assetScale}`} ` +
          `(got ${shown}): ${summarize(exchange)}`,
      ),
    ).toBe(true)
  }
}

/**
 * grantSpentDebitAmount and grantSpentReceiveAmount, optional on the created payment, are the grant's totals
 * in the interval before it (decisions.md). A total that includes the payment itself is another reading of
 * "total successfully deducted using the current grant": reported as a warning.
 */
export function expectSpentBefore(
  ref: RuleRef,
  created: OutgoingPaymentWithSpentAmounts,
  before: Totals,
  what: string,
): void {
  const own = totalsOf([created])
  for (const [key, previous, mine] of [
    ['grantSpentDebitAmount', before.debit, own.debit],
    ['grantSpentReceiveAmount', before.receive, own.receive],
  ] as const) {
    const amount = created[key]
    if (amount === undefined) {
      ruleNotApplicable(ref, `${what}: the created payment gives no ${key} (the spec makes it optional)`)
      continue
    }
    const value = BigInt(amount.value)
    if (value === previous + mine && value !== previous) {
      warn(
        ref,
        `${what}: ${key} ${describeAmount(amount)} includes the payment itself; the totals before it are ${previous}`,
      )
      continue
    }
    expect(
      value,
      rule(
        ref,
        `${what}: ${key} is the grant's total before this payment, ${previous} (got ${describeAmount(amount)})`,
      ),
    ).toBe(previous)
  }
}
