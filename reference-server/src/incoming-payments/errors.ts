import { HttpError } from '../http/errors.ts'

export enum IncomingPaymentError {
  UnknownWalletAddress = 'UnknownWalletAddress',
  UnknownIncomingPayment = 'UnknownIncomingPayment',
  InvalidAmount = 'InvalidAmount',
  InvalidExpiry = 'InvalidExpiry',
  AlreadyCompleted = 'AlreadyCompleted',
  AlreadyExpired = 'AlreadyExpired',
  UnknownCursor = 'UnknownCursor',
}

export function isIncomingPaymentError(value: unknown): value is IncomingPaymentError {
  return Object.values<unknown>(IncomingPaymentError).includes(value)
}

export function toHttpError(error: IncomingPaymentError): HttpError {
  switch (error) {
    case IncomingPaymentError.UnknownWalletAddress:
      return new HttpError(400, 'invalid_request', 'The wallet address is not hosted by this server.')
    case IncomingPaymentError.UnknownIncomingPayment:
      return new HttpError(404, 'not_found', 'There is no incoming payment with this id.')
    case IncomingPaymentError.InvalidAmount:
      return new HttpError(
        400,
        'invalid_request',
        'The incomingAmount must use the assetCode and assetScale of the wallet address.',
        { field: 'incomingAmount' },
      )
    case IncomingPaymentError.InvalidExpiry:
      return new HttpError(400, 'invalid_request', 'The expiresAt time must be in the future.', {
        field: 'expiresAt',
      })
    case IncomingPaymentError.AlreadyCompleted:
      return new HttpError(409, 'conflict', 'The incoming payment is already completed.')
    case IncomingPaymentError.AlreadyExpired:
      return new HttpError(409, 'conflict', 'The incoming payment has expired.')
    case IncomingPaymentError.UnknownCursor:
      return new HttpError(400, 'invalid_request', 'The cursor is not an item of this list.', {
        field: 'cursor',
      })
  }
}
