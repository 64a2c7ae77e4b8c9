import { HttpError } from '../http/errors.ts'

export enum GrantError {
  MissingContinuationToken = 'MissingContinuationToken',
  EmptyInteractRef = 'EmptyInteractRef',
  UnknownContinuation = 'UnknownContinuation',
  WrongContinueToken = 'WrongContinueToken',
  TooFast = 'TooFast',
  UnknownInteractRef = 'UnknownInteractRef',
  MissingInteractRef = 'MissingInteractRef',
  NotApproved = 'NotApproved',
  Rejected = 'Rejected',
  AlreadyIssued = 'AlreadyIssued',
}

export function isGrantError(value: unknown): value is GrantError {
  return Object.values<unknown>(GrantError).includes(value)
}

/** GNAP error codes (RFC 9635 section 3.6) with the statuses of decisions.md. */
export function toHttpError(error: GrantError): HttpError {
  switch (error) {
    case GrantError.MissingContinuationToken:
      return new HttpError(
        401,
        'invalid_client',
        'Send the continuation access token as "Authorization: GNAP <token>".',
      )
    case GrantError.EmptyInteractRef:
      return new HttpError(400, 'invalid_request', '"interact_ref" must be a non-empty string.')
    case GrantError.UnknownContinuation:
      return new HttpError(404, 'invalid_continuation', 'There is no grant to continue at this URI.')
    case GrantError.WrongContinueToken:
      return new HttpError(
        401,
        'invalid_client',
        'The continuation access token is not the one of this grant.',
      )
    case GrantError.TooFast:
      return new HttpError(400, 'too_fast', 'The client continued before the "wait" time had passed.')
    case GrantError.UnknownInteractRef:
      return new HttpError(404, 'invalid_continuation', 'The interact_ref does not belong to this grant.')
    case GrantError.MissingInteractRef:
      return new HttpError(
        401,
        'request_denied',
        'The grant can only be continued with the interact_ref of an accepted interaction.',
      )
    case GrantError.NotApproved:
      return new HttpError(401, 'request_denied', 'The resource owner has not approved this grant.')
    case GrantError.Rejected:
      return new HttpError(401, 'request_denied', 'The resource owner rejected this grant.')
    case GrantError.AlreadyIssued:
      return new HttpError(401, 'request_denied', 'The access token of this grant was already issued.')
  }
}
