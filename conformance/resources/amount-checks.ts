import type { OutgoingPayment, WalletAddress } from '@interledger/open-payments'
import { expect } from '../fixtures/conformance-expect.ts'
import { rule } from '../rules/covers.ts'
import type { RuleId } from '../rules/registry.ts'
import type { Amount } from './payment-calls.ts'

interface Asset {
  assetCode: string
  assetScale: number
}

export function sameAsset(a: Asset, b: Asset): boolean {
  return a.assetCode === b.assetCode && a.assetScale === b.assetScale
}

export function describeAmount(amount: Amount | undefined): string {
  return amount === undefined ? 'no amount' : `${amount.value} ${amount.assetCode}/${amount.assetScale}`
}

/** A positive amount in the wallet address's asset: how every amount the server works out must look. */
export function expectAmountIn(
  ruleId: RuleId,
  amount: Amount | undefined,
  walletAddress: WalletAddress,
  what: string,
): void {
  expect(
    amount !== undefined && sameAsset(amount, walletAddress) && BigInt(amount.value) > 0n,
    rule(
      ruleId,
      `${what} is a positive amount in ${walletAddress.assetCode}/${walletAddress.assetScale}, the asset of ` +
        `${walletAddress.id} (got ${describeAmount(amount)})`,
    ),
  ).toBe(true)
}

/**
 * Whether sentAmount shows the whole payment sent. Servers count it in the sender's asset up to debitAmount
 * (Rafiki, the reference server) or in the receiver's up to receiveAmount (decisions.md); with fees in one
 * asset it lands between the two, which the receive side accepts.
 */
export function isFullySent(payment: OutgoingPayment): boolean {
  const { sentAmount: sent, debitAmount: debit, receiveAmount: receive } = payment
  if (sameAsset(sent, receive) && BigInt(sent.value) >= BigInt(receive.value)) return true
  return sameAsset(sent, debit) && BigInt(sent.value) >= BigInt(debit.value)
}

/** Nothing is ever sent beyond what the payment may debit. */
export function sentWithinDebit(payment: OutgoingPayment): boolean {
  const { sentAmount: sent, debitAmount: debit } = payment
  return !sameAsset(sent, debit) || BigInt(sent.value) <= BigInt(debit.value)
}
