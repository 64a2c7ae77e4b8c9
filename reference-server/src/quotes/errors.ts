import { HttpError } from '../http/errors.ts'

export enum QuoteError {
  UnknownWalletAddress = 'UnknownWalletAddress',
  UnknownReceiver = 'UnknownReceiver',
  InvalidReceiver = 'InvalidReceiver',
  UnknownQuote = 'UnknownQuote',
}

export function isQuoteError(value: unknown): value is QuoteError {
  return Object.values<unknown>(QuoteError).includes(value)
}

export function toHttpError(error: QuoteError): HttpError {
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
  }
}
