import type { RequestHandler } from 'express'
import { HttpError } from '../http/errors.ts'
import type { RequestVerifier } from './request-verifier.ts'

declare global {
  namespace Express {
    interface Locals {
      /** The client wallet address URL the request must be signed by, set by the middleware before. */
      signer?: string
    }
  }
}

/**
 * Requires the request to be signed by `res.locals.signer`, the client an earlier middleware identified
 * (from the grant request body, the grant, or the token). Failures are GNAP `invalid_client`.
 */
export function requireClientSignature(verifier: RequestVerifier): RequestHandler {
  return async (req, res, next) => {
    const signer = res.locals.signer
    if (signer === undefined) throw new Error('requireClientSignature needs res.locals.signer')
    const result = await verifier.verify(req, signer)
    if (!result.ok) throw new HttpError(401, 'invalid_client', result.reason, { check: result.check })
    next()
  }
}
