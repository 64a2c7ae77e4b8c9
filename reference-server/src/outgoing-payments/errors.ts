import { HttpError } from '../http/errors.ts'
import {
  describeLimitViolation,
  isLimitViolation,
  LimitViolation,
} from '../outgoing-payment-grants/limits.ts'
import { describePricingError, isPricingError, PricingError } from '../quotes/pricing.ts'

export enum OutgoingPaymentError {
  UnknownWalletAddress = 'UnknownWalletAddress',
  UnknownQuote = 'UnknownQuote',
  QuoteOfAnotherWallet = 'QuoteOfAnotherWallet',
  QuoteExpired = 'QuoteExpired',
  QuoteUsed = 'QuoteUsed',
  UnknownReceiver = 'UnknownReceiver',
  InvalidReceiver = 'InvalidReceiver',
  UnreadableLimits = 'UnreadableLimits',
  UnknownOutgoingPayment = 'UnknownOutgoingPayment',
  UnknownCursor = 'UnknownCursor',
}

export function isOutgoingPaymentError(value: unknown): value is OutgoingPaymentError {
  return Object.values<unknown>(OutgoingPaymentError).includes(value)
}

/** Creating a payment prices it (as a quote does) and checks it against the grant's limits. */
export type CreateOutgoingPaymentError = OutgoingPaymentError | PricingError | LimitViolation

export function isCreateOutgoingPaymentError(value: unknown): value is CreateOutgoingPaymentError {
  return isOutgoingPaymentError(value) || isPricingError(value) || isLimitViolation(value)
}

/** Every error of the outgoing-payments slice: a value missing here does not compile. */
export function toHttpError(error: CreateOutgoingPaymentError): HttpError {
  const invalid = (description: string, field?: string) =>
    new HttpError(400, 'invalid_request', description, field === undefined ? undefined : { field })
  switch (error) {
    case OutgoingPaymentError.UnknownWalletAddress:
      return invalid('The wallet address is not hosted by this server.')
    case OutgoingPaymentError.UnknownQuote:
      return invalid('There is no quote with this id.', 'quoteId')
    case OutgoingPaymentError.QuoteOfAnotherWallet:
      return invalid('The quote was created for another wallet address.', 'quoteId')
    case OutgoingPaymentError.QuoteExpired:
      return invalid('The quote has expired.', 'quoteId')
    case OutgoingPaymentError.QuoteUsed:
      return invalid('The quote has already been used by an outgoing payment.', 'quoteId')
    case OutgoingPaymentError.UnknownReceiver:
      return invalid('The receiver is not an incoming payment of this server.', 'incomingPayment')
    case OutgoingPaymentError.InvalidReceiver:
      return invalid('The receiver no longer accepts payments: it is completed or expired.')
    case OutgoingPaymentError.UnreadableLimits:
      return new HttpError(403, 'forbidden', "The grant's limits cannot be read; no payment fits them.")
    case OutgoingPaymentError.UnknownOutgoingPayment:
      return new HttpError(404, 'not_found', 'There is no outgoing payment with this id.')
    case OutgoingPaymentError.UnknownCursor:
      return invalid('The cursor is not an item of this list.', 'cursor')
    case PricingError.NoAmount:
    case PricingError.DebitAssetMismatch:
    case PricingError.ReceiveAssetMismatch:
    case PricingError.NoRate:
    case PricingError.AmountTooSmall:
    case PricingError.AmountTooLarge:
    case PricingError.ExceedsRemaining:
      return invalid(describePricingError(error))
    case LimitViolation.Totals:
    case LimitViolation.Receiver:
    case LimitViolation.Interval:
    case LimitViolation.DebitAsset:
    case LimitViolation.DebitAmount:
    case LimitViolation.ReceiveAsset:
    case LimitViolation.ReceiveAmount:
      return new HttpError(403, 'forbidden', describeLimitViolation(error))
  }
}
