import type { OutgoingPayment, Quote, WalletAddress } from '@interledger/open-payments'

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
