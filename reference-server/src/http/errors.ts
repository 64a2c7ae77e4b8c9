export interface ErrorBody {
  code: string
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
    readonly code: string,
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
