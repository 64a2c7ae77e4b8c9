import express, { type RequestHandler } from 'express'
import { HttpError } from './errors.ts'

declare global {
  namespace Express {
    interface Request {
      /** The exact request body bytes; HTTP message signature checks digest these, not the parsed JSON. */
      rawBody?: Buffer
    }
  }
}

const JSON_TYPES = ['application/json', 'application/*+json']
const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Keeps the raw bytes of every request body and parses the JSON ones. Bad bodies are the client's fault, so
 * each failure is a 400 with the envelope, never a 500.
 */
export function bodyParser(options: { limit: string }): RequestHandler[] {
  return [
    // Content-Digest covers the bytes as sent, so compressed bodies are refused rather than inflated.
    express.raw({ type: () => true, inflate: false, limit: options.limit }),
    parseJsonBody,
  ]
}

const parseJsonBody: RequestHandler = (req, _res, next) => {
  const raw: unknown = req.body
  req.body = undefined
  if (!Buffer.isBuffer(raw)) {
    next()
    return
  }
  req.rawBody = raw
  if (raw.length === 0) {
    next()
    return
  }
  if (!req.is(JSON_TYPES)) {
    const type = req.get('content-type') ?? 'none'
    throw new HttpError(400, 'invalid_request', `Request bodies must be JSON; the Content-Type was ${type}.`)
  }
  try {
    req.body = JSON.parse(utf8.decode(raw))
  } catch {
    throw new HttpError(400, 'invalid_request', 'The request body is not valid UTF-8 JSON.')
  }
  next()
}
