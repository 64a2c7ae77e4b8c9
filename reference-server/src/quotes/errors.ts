import { HttpError } from '../http/errors.ts'
import { describePricingError, PricingError } from './pricing.ts'

export enum QuoteError {
  UnknownWalletAddress = 'UnknownWalletAddress',
  UnknownReceiver = 'UnknownReceiver',
  InvalidReceiver = 'InvalidReceiver',
  UnknownQuote = 'UnknownQuote',
}

export function isQuoteError(value: unknown): value is QuoteError {
  return Object.values<unknown>(QuoteError).includes(value)
}

/** Every error of the quotes slice, pricing's included: a value missing here does not compile. */
export function toHttpError(error: QuoteError | PricingError): HttpError {
  switch (error) {
    case QuoteError.UnknownWalletAddress:
      return new HttpError(400, 'invalid_request', 'The wallet address is not hosted by this server.')
    case QuoteError.UnknownReceiver:
      return new HttpError(
        400,
        'invalid_request',
        'The receiver is not an incoming payment of this server.',
        {
          field: 'receiver',
        },
      )
    case QuoteError.InvalidReceiver:
      return new HttpError(
        400,
        'invalid_request',
        'The receiver no longer accepts payments: it is completed or expired.',
        { field: 'receiver' },
      )
    case QuoteError.UnknownQuote:
      return new HttpError(404, 'not_found', 'There is no quote with this id.')
    case PricingError.NoAmount:
    case PricingError.DebitAssetMismatch:
    case PricingError.ReceiveAssetMismatch:
    case PricingError.NoRate:
    case PricingError.AmountTooSmall:
    case PricingError.AmountTooLarge:
    case PricingError.ExceedsRemaining:
      return new HttpError(400, 'invalid_request', describePricingError(error))
  }
}
