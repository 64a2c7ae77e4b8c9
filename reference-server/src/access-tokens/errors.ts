import { HttpError } from '../http/errors.ts'

export enum AccessTokenError {
  MissingToken = 'MissingToken',
  UnknownToken = 'UnknownToken',
  ExpiredToken = 'ExpiredToken',
  RevokedToken = 'RevokedToken',
  UnknownManagementId = 'UnknownManagementId',
  WrongToken = 'WrongToken',
}

export function isAccessTokenError(value: unknown): value is AccessTokenError {
  return Object.values<unknown>(AccessTokenError).includes(value)
}

const DESCRIPTIONS: Readonly<Record<AccessTokenError, string>> = {
  [AccessTokenError.MissingToken]: 'Send the access token as "Authorization: GNAP <token>".',
  [AccessTokenError.UnknownToken]: 'The access token is unknown.',
  [AccessTokenError.ExpiredToken]: 'The access token has expired.',
  [AccessTokenError.RevokedToken]: 'The access token was revoked or rotated, or its grant was revoked.',
  [AccessTokenError.UnknownManagementId]: 'There is no access token at this management URI.',
  [AccessTokenError.WrongToken]: 'The access token presented is not the one this management URI manages.',
}

export function describeAccessTokenError(error: AccessTokenError): string {
  return DESCRIPTIONS[error]
}

/** Errors of the management endpoints (rotate, revoke), with GNAP codes. */
export function toHttpError(error: AccessTokenError): HttpError {
  const description = describeAccessTokenError(error)
  switch (error) {
    case AccessTokenError.UnknownManagementId:
      return new HttpError(404, 'invalid_rotation', description)
    case AccessTokenError.RevokedToken:
      return new HttpError(400, 'invalid_rotation', description)
    case AccessTokenError.MissingToken:
    case AccessTokenError.UnknownToken:
    case AccessTokenError.ExpiredToken:
    case AccessTokenError.WrongToken:
      return new HttpError(401, 'invalid_client', description)
  }
}
