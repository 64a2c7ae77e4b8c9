import type { RequestVerifier } from './request-verifier.ts'

/** Every signed route of both apps, as `METHOD path` the way Express names the matched route. */
export const SIGNED_ROUTES = [
  'POST /incoming-payments',
  'GET /incoming-payments',
  'GET /incoming-payments/:id',
  'POST /incoming-payments/:id/complete',
  'POST /quotes',
  'GET /quotes/:id',
  'POST /outgoing-payments',
  'GET /outgoing-payments',
  'GET /outgoing-payments/:id',
  'GET /outgoing-payment-grant',
  'POST /',
  'POST /continue/:id',
  'DELETE /continue/:id',
  'POST /token/:id',
  'DELETE /token/:id',
] as const

export type SignedRoute = (typeof SIGNED_ROUTES)[number]

/**
 * Test-only (SIGNATURE_UNCHECKED_ROUTE, unset in normal use): the verifier, except that requests of one route
 * pass unverified, so a run can prove the suite notices a server that skips the check on that route alone.
 */
export function checkingAllBut(
  verifier: RequestVerifier,
  unchecked: SignedRoute | undefined,
): RequestVerifier {
  if (unchecked === undefined) return verifier
  return {
    verify: (req, clientUrl) =>
      `${req.method} ${req.route?.path}` === unchecked
        ? Promise.resolve({ ok: true })
        : verifier.verify(req, clientUrl),
  }
}
