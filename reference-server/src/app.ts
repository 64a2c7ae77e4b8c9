import type { RequestListener } from 'node:http'
import express from 'express'
import { createResourceGuard } from './authorization/resource-guard.ts'
import type { PublicUrls } from './config.ts'
import { getHealth, getLedgerCheck } from './health/routes.ts'
import { bodyParser } from './http/body-parser.ts'
import { errorHandler, notFoundHandler } from './http/error-handler.ts'
import { requestLogger } from './http/request-logger.ts'
import { checkingAllBut, type SignedRoute } from './http-signatures/unchecked-route.ts'
import { createIncomingPaymentRoutes } from './incoming-payments/routes.ts'
import type { Logger } from './logger.ts'
import type { RequestValidation } from './openapi/request-validation.ts'
import { createOutgoingPaymentGrantRoutes } from './outgoing-payment-grants/routes.ts'
import { createOutgoingPaymentRoutes } from './outgoing-payments/routes.ts'
import { createQuoteRoutes } from './quotes/routes.ts'
import type { Services } from './services.ts'
import { serveWalletAddressesFirst } from './wallet-addresses/fast-path.ts'
import { createWalletAddressRoutes } from './wallet-addresses/routes.ts'

export interface AppDependencies {
  logger: Logger
  urls: PublicUrls
  services: Services
  /** Body and query checks from the official OpenAPI document, first in each route's chain. */
  validation: RequestValidation
  /** LEDGER_ENDPOINT: test runs read the ledger invariant after the suite. */
  ledgerEndpoint?: boolean
  /** SIGNATURE_UNCHECKED_ROUTE: test-only, a route whose signatures go unverified. */
  signatureUncheckedRoute?: SignedRoute
}

/**
 * The resource server. Every route and its middleware chain is listed here, in matching order, after the one
 * request answered before Express: the document or keys of a known wallet address (see fast-path.ts).
 */
export function createApp(deps: AppDependencies): RequestListener {
  const app = express()
  app.disable('x-powered-by')
  // No client revalidates these resources, so an ETag (a SHA-1 of every response body) is pure cost.
  app.disable('etag')
  // Wallet address names are case-sensitive path segments.
  app.set('case sensitive routing', true)

  app.use(requestLogger(deps.logger))
  app.use(bodyParser({ limit: '1mb' }))

  app.get('/healthz', getHealth)
  if (deps.ledgerEndpoint) app.get('/healthz/ledger', getLedgerCheck(deps.services.ledger.check))

  const guard = createResourceGuard({
    accessTokenService: deps.services.accessTokens,
    verifier: checkingAllBut(
      deps.services.signatures.verifierFor(deps.urls.resourceServer),
      deps.signatureUncheckedRoute,
    ),
    urls: deps.urls,
  })
  const incomingPayments = createIncomingPaymentRoutes({
    incomingPaymentService: deps.services.incomingPayments,
    urls: deps.urls,
  })
  const quotes = createQuoteRoutes({ quoteService: deps.services.quotes, urls: deps.urls })
  const outgoingPayments = createOutgoingPaymentRoutes({
    outgoingPaymentService: deps.services.outgoingPayments,
    urls: deps.urls,
  })
  const outgoingPaymentGrants = createOutgoingPaymentGrantRoutes({
    outgoingPaymentGrantService: deps.services.outgoingPaymentGrants,
  })

  const validate = (method: 'get' | 'post', path: string) =>
    deps.validation.validate('resource-server', method, path)

  app.post(
    '/incoming-payments',
    validate('post', '/incoming-payments'),
    guard.require('incoming-payment', 'create'),
    incomingPayments.create,
  )
  app.get(
    '/incoming-payments',
    validate('get', '/incoming-payments'),
    guard.require('incoming-payment', 'list'),
    incomingPayments.list,
  )
  // Without Authorization the public view: { receivedAmount, authServer }.
  app.get('/incoming-payments/:id', guard.optional('incoming-payment', 'read'), incomingPayments.get)
  app.post(
    '/incoming-payments/:id/complete',
    guard.require('incoming-payment', 'complete'),
    incomingPayments.complete,
  )
  app.post('/quotes', validate('post', '/quotes'), guard.require('quote', 'create'), quotes.create)
  app.get('/quotes/:id', guard.require('quote', 'read'), quotes.get)
  app.post(
    '/outgoing-payments',
    validate('post', '/outgoing-payments'),
    guard.require('outgoing-payment', 'create'),
    outgoingPayments.create,
  )
  app.get(
    '/outgoing-payments',
    validate('get', '/outgoing-payments'),
    guard.require('outgoing-payment', 'list'),
    outgoingPayments.list,
  )
  app.get('/outgoing-payments/:id', guard.require('outgoing-payment', 'read'), outgoingPayments.get)
  // Any outgoing-payment right names the grant whose spending is read.
  app.get('/outgoing-payment-grant', guard.require('outgoing-payment'), outgoingPaymentGrants.getSpent)

  // Wallet addresses sit at the root, so they come after every fixed route (see RESERVED_NAMES).
  const walletAddresses = createWalletAddressRoutes({
    walletAddressService: deps.services.walletAddresses,
    urls: deps.urls,
  })
  app.get('/:name', walletAddresses.get)
  app.get('/:name/jwks.json', walletAddresses.getKeys)

  app.use(notFoundHandler)
  app.use(errorHandler)
  return serveWalletAddressesFirst(
    { walletAddressService: deps.services.walletAddresses, urls: deps.urls, logger: deps.logger },
    app,
  )
}
