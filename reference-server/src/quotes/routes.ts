import type { Request, RequestHandler, Response } from 'express'
import { authorizeRead, ownerOf, requireAccess, requireEntry } from '../authorization/resource-access.ts'
import type { PublicUrls } from '../config.ts'
import { INCOMING_PAYMENTS_PATH } from '../incoming-payments/model.ts'
import {
  bodyOf,
  idFromUrl,
  readAmount,
  stringField,
  walletAddressNameFromUrl,
} from '../shared/request-input.ts'
import { isQuoteError, QuoteError, toHttpError } from './errors.ts'
import { toOpenPaymentsQuote } from './model.ts'
import { isPricingError } from './pricing.ts'
import type { QuoteService } from './service.ts'

interface RouteDependencies {
  quoteService: QuoteService
  urls: PublicUrls
}

type IdParams = { id: string }

export interface QuoteRoutes {
  create: RequestHandler
  get: RequestHandler<IdParams>
}

export function createQuoteRoutes(deps: RouteDependencies): QuoteRoutes {
  return {
    create: (req, res) => createQuote(deps, req, res),
    get: (req, res) => getQuote(deps, req, res),
  }
}

async function createQuote(deps: RouteDependencies, req: Request, res: Response): Promise<void> {
  const { urls } = deps
  const access = requireAccess(res)
  // The schema has checked the receiver's URL pattern, the method (ilp) and that at most one amount is given.
  const body = bodyOf(req.body)
  const walletAddress = stringField(body, 'walletAddress') ?? ''
  const receiver = stringField(body, 'receiver') ?? ''
  const debitAmount = readAmount(body, 'debitAmount')
  const receiveAmount = readAmount(body, 'receiveAmount')
  requireEntry(access, walletAddress)
  const walletAddressName = walletAddressNameFromUrl(walletAddress, urls.resourceServer)
  if (walletAddressName === undefined) throw toHttpError(QuoteError.UnknownWalletAddress)

  const quote = await deps.quoteService.create({
    walletAddressName,
    client: access.client,
    incomingPaymentId: idFromUrl(receiver, urls.resourceServer, INCOMING_PAYMENTS_PATH),
    debitAmount,
    receiveAmount,
  })
  if (isQuoteError(quote) || isPricingError(quote)) throw toHttpError(quote)
  res.status(201).json(toOpenPaymentsQuote(quote, urls))
}

async function getQuote(deps: RouteDependencies, req: Request<IdParams>, res: Response): Promise<void> {
  const { urls } = deps
  const access = requireAccess(res)
  const quote = await deps.quoteService.get(req.params.id)
  if (isQuoteError(quote)) throw toHttpError(quote)
  authorizeRead(access, ownerOf(urls, quote), () => toHttpError(QuoteError.UnknownQuote))
  res.json(toOpenPaymentsQuote(quote, urls))
}
