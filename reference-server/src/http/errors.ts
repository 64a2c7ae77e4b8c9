/** GNAP's codes (RFC 9635 section 3.6), which the authorization server answers with (decisions.md). */
export type GnapErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_continuation'
  | 'invalid_interaction'
  | 'invalid_rotation'
  | 'request_denied'
  | 'too_fast'
  | 'unknown_interaction'

/** The resource server's codes: snake_case, with `invalid_request` the one the spec shows (decisions.md). */
export type ResourceErrorCode = 'invalid_request' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict'

/** Answers to requests no route handled: refused by Node's parser, Express or the body parser, or a crash. */
export type TransportErrorCode =
  | 'not_found'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'request_timeout'
  | 'request_header_fields_too_large'
  | 'internal_server_error'

/** Every `error.code` the server sends: a new one is added here, on purpose, not typed into a throw. */
export type ErrorCode = GnapErrorCode | ResourceErrorCode | TransportErrorCode

export interface ErrorBody {
  code: ErrorCode
  description: string
  details?: Record<string, unknown>
}

/** Every error response, on every endpoint, has this shape. */
export interface ErrorEnvelope {
  error: ErrorBody
}

/**
 * The only exception the app throws on purpose. Services return errors as values; route handlers (the HTTP
 * edge) turn those into an HttpError, and the error handler turns it into the envelope.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    description: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(description)
    this.name = 'HttpError'
  }

  toEnvelope(): ErrorEnvelope {
    const error: ErrorBody = { code: this.code, description: this.message }
    if (this.details !== undefined) error.details = this.details
    return { error }
  }
}
