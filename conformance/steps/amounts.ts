import type { OutgoingPayment, Quote, WalletAddress } from '@interledger/open-payments'
import { isFullySent, sameAsset } from '../harness/oracles/payment-amounts.ts'

export { isFullySent, sameAsset }

export type Amount = Quote['debitAmount']

/**
 * More than any test account holds, well inside uint64: a payment of it cannot be processed (and one of it or
 * more never moves a test account's money).
 */
export const BEYOND_ANY_BALANCE = 2n ** 62n

/** An amount in an asset the wallet address does not hold: ISO 4217's code for testing, else "no currency". */
export function foreignAmount(walletAddress: WalletAddress, value: bigint): Amount {
  const assetCode = walletAddress.assetCode === 'XTS' ? 'XXX' : 'XTS'
  return { value: String(value), assetCode, assetScale: walletAddress.assetScale }
}

export function describeAmount(amount: Amount | undefined): string {
  return amount === undefined ? 'no amount' : `${amount.value} ${amount.assetCode}/${amount.assetScale}`
}

/** Nothing is ever sent beyond what the payment may debit. */
export function sentWithinDebit(payment: OutgoingPayment): boolean {
  const { sentAmount: sent, debitAmount: debit } = payment
  return !sameAsset(sent, debit) || BigInt(sent.value) <= BigInt(debit.value)
}
