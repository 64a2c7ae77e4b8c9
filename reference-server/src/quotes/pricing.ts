import { type IncomingPayment, remainingAmount } from '../incoming-payments/model.ts'
import { type Amount, type Asset, amountOf, fitsUint64, sameAsset } from '../shared/amount.ts'
import { convert, type RateTable } from './rates.ts'

/** Why the amounts of a payment to a receiver cannot be fixed. Shared by quotes and outgoing payments. */
export enum PricingError {
  NoAmount = 'NoAmount',
  DebitAssetMismatch = 'DebitAssetMismatch',
  ReceiveAssetMismatch = 'ReceiveAssetMismatch',
  NoRate = 'NoRate',
  AmountTooSmall = 'AmountTooSmall',
  AmountTooLarge = 'AmountTooLarge',
  ExceedsRemaining = 'ExceedsRemaining',
}

/** What a price depends on of the receiver. */
export type PricedReceiver = Pick<IncomingPayment, 'asset' | 'incomingAmount' | 'receivedAmount'>

export interface PricingInput {
  sender: Asset
  receiver: PricedReceiver
  /** Fixed send. At most one of the two amounts is given. */
  debitAmount: Amount | undefined
  /** Fixed receive. */
  receiveAmount: Amount | undefined
}

export interface Priced {
  debitAmount: Amount
  receiveAmount: Amount
}

/**
 * Fixes both amounts. Zero fees; across assets the rate table applies and rounding favours the server's
 * exchange, never creating money: a fixed send rounds the received amount down, a fixed receive rounds the
 * debited amount up. Without an amount, the receiver's remaining incomingAmount is received.
 */
export function price(rates: RateTable, input: PricingInput): Priced | PricingError {
  const receiverAsset = input.receiver.asset
  const remaining = remainingAmount(input.receiver)
  let priced: Priced
  if (input.debitAmount !== undefined) {
    if (!sameAsset(input.debitAmount, input.sender)) return PricingError.DebitAssetMismatch
    const received = convert(rates, input.debitAmount.value, input.sender, receiverAsset, 'down')
    if (received === undefined) return PricingError.NoRate
    priced = { debitAmount: input.debitAmount, receiveAmount: amountOf(received, receiverAsset) }
  } else {
    const receiveAmount = input.receiveAmount ?? remaining
    if (receiveAmount === undefined) return PricingError.NoAmount
    if (!sameAsset(receiveAmount, receiverAsset)) return PricingError.ReceiveAssetMismatch
    const debited = convert(rates, receiveAmount.value, receiverAsset, input.sender, 'up')
    if (debited === undefined) return PricingError.NoRate
    priced = { debitAmount: amountOf(debited, input.sender), receiveAmount }
  }
  if (priced.debitAmount.value === 0n || priced.receiveAmount.value === 0n) return PricingError.AmountTooSmall
  if (!fitsUint64(priced.debitAmount.value) || !fitsUint64(priced.receiveAmount.value)) {
    return PricingError.AmountTooLarge
  }
  if (remaining !== undefined && priced.receiveAmount.value > remaining.value)
    return PricingError.ExceedsRemaining
  return priced
}

export function isPricingError(value: unknown): value is PricingError {
  return Object.values<unknown>(PricingError).includes(value)
}

const DESCRIPTIONS: Readonly<Record<PricingError, string>> = {
  [PricingError.NoAmount]: 'No amount was provided and no amount could be inferred from the receiver.',
  [PricingError.DebitAssetMismatch]:
    'The debitAmount must use the assetCode and assetScale of the sending wallet address.',
  [PricingError.ReceiveAssetMismatch]:
    'The receiveAmount must use the assetCode and assetScale of the receiving wallet address.',
  [PricingError.NoRate]: 'There is no exchange rate between the sending and the receiving asset.',
  [PricingError.AmountTooSmall]: 'The amount is too small: one side of the payment would be zero.',
  [PricingError.AmountTooLarge]: 'The converted amount does not fit in an unsigned 64-bit integer.',
  [PricingError.ExceedsRemaining]:
    'The payment would exceed what the receiver still accepts (its incomingAmount minus receivedAmount).',
}

export function describePricingError(error: PricingError): string {
  return DESCRIPTIONS[error]
}
