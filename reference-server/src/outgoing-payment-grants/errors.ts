import { HttpError } from '../http/errors.ts'

export enum OutgoingPaymentGrantError {
  /** The token has no outgoing-payment entry, or one whose limits cannot be read. */
  NoReadableLimits = 'NoReadableLimits',
}

export function toHttpError(error: OutgoingPaymentGrantError): HttpError {
  switch (error) {
    case OutgoingPaymentGrantError.NoReadableLimits:
      return new HttpError(403, 'forbidden', 'The access token holds no readable outgoing-payment limits.')
  }
}
