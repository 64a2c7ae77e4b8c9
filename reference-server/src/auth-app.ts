import express, { type Express } from 'express'
import { createAccessTokenRoutes } from './access-tokens/routes.ts'
import type { PublicUrls } from './config.ts'
import { createGrantRoutes } from './grants/routes.ts'
import { bodyParser } from './http/body-parser.ts'
import { errorHandler, notFoundHandler } from './http/error-handler.ts'
import { requestLogger } from './http/request-logger.ts'
import { requireClientSignature } from './http-signatures/middleware.ts'
import { checkingAllBut, type SignedRoute } from './http-signatures/unchecked-route.ts'
import { createInteractionRoutes } from './interaction/routes.ts'
import type { Logger } from './logger.ts'
import type { RequestValidation } from './openapi/request-validation.ts'
import type { Services } from './services.ts'

export interface AuthAppDependencies {
  logger: Logger
  urls: PublicUrls
  services: Services
  /** Body checks from the official OpenAPI document, first in each route's chain after parsing. */
  validation: RequestValidation
  /** GRANT_WAIT_SECONDS, sent as `continue.wait`. */
  grantWaitSeconds: number
  /** SIGNATURE_UNCHECKED_ROUTE: test-only, a route whose signatures go unverified. */
  signatureUncheckedRoute?: SignedRoute
}

/**
 * The GNAP authorization server, on its own port. Every route and its middleware chain is listed here:
 * whoever a request claims to be (the client in a grant request, the grant behind a continuation token,
 * the grant behind an access token) is identified first, then the request must carry that client's
 * signature, then the route runs.
 */
export function createAuthApp(deps: AuthAppDependencies): Express {
  const app = express()
  app.disable('x-powered-by')
  // No client revalidates these resources, so an ETag (a SHA-1 of every response body) is pure cost.
  app.disable('etag')
  app.set('case sensitive routing', true)
  app.use(requestLogger(deps.logger))

  const json = bodyParser({ limit: '100kb' })
  // The consent form is the one body that is not JSON: a browser posts it.
  const form = express.urlencoded({ extended: false, limit: '4kb' })
  const signedByClient = requireClientSignature(
    checkingAllBut(deps.services.signatures.verifierFor(deps.urls.authServer), deps.signatureUncheckedRoute),
  )

  const grants = createGrantRoutes({
    grantService: deps.services.grants,
    walletAddressService: deps.services.walletAddresses,
    urls: deps.urls,
    waitSeconds: deps.grantWaitSeconds,
  })
  const interactions = createInteractionRoutes({
    interactionService: deps.services.interactions,
    urls: deps.urls,
  })
  const tokens = createAccessTokenRoutes({ accessTokenService: deps.services.accessTokens, urls: deps.urls })

  const validate = (path: string) => deps.validation.validate('auth-server', 'post', path)

  app.post('/', json, validate('/'), grants.readRequest, signedByClient, grants.create)
  app.get('/interact/:id', interactions.showConsent)
  app.post('/interact/:id', form, interactions.decide)
  app.post(
    '/continue/:id',
    json,
    validate('/continue/{id}'),
    grants.authenticateContinuation,
    signedByClient,
    grants.continue,
  )
  app.delete('/continue/:id', json, grants.authenticateContinuation, signedByClient, grants.revoke)
  app.post('/token/:id', json, tokens.authenticate, signedByClient, tokens.rotate)
  app.delete('/token/:id', json, tokens.authenticate, signedByClient, tokens.revoke)

  app.use(notFoundHandler)
  app.use(errorHandler)
  return app
}
