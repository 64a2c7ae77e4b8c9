import type { ErrorRequestHandler, RequestHandler } from 'express'
import { type ErrorCode, HttpError } from './errors.ts'

// Codes for client errors raised by Express itself or its body parser rather than by our routes.
const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
}

export const notFoundHandler: RequestHandler = (req) => {
  throw new HttpError(404, 'not_found', `There is no resource at ${req.method} ${req.path}.`)
}

/** Answers every error with the JSON envelope; internals (messages, stacks) stay in the log. */
export const errorHandler: ErrorRequestHandler = (err, _req, res, next) => {
  if (res.headersSent) {
    next(err)
    return
  }
  const httpError = toHttpError(err)
  // pino-http logs res.err with the request line, so server errors are recorded with their request id.
  if (httpError.status >= 500) res.err = err instanceof Error ? err : new Error(String(err))
  res.status(httpError.status).json(httpError.toEnvelope())
}

function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err
  if (isClientError(err)) {
    return new HttpError(err.status, CODE_BY_STATUS[err.status] ?? 'invalid_request', sentence(err.message))
  }
  return new HttpError(500, 'internal_server_error', 'The server failed to process the request.')
}

// Express, its router and body-parser mark the client's mistakes (bad JSON, bad percent-encoding, body too
// large) with a 4xx status; their messages describe the request, not the server's internals.
function isClientError(err: unknown): err is { status: number; message: string } {
  if (!(err instanceof Error)) return false
  const { status } = err as { status?: unknown }
  return typeof status === 'number' && status >= 400 && status < 500
}

function sentence(message: string): string {
  const trimmed = message.trim()
  const capitalized = trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`
}
