import type { RequestHandler } from 'express'
import { authorizeRead, requireAccess, requireEntry } from '../authorization/resource-access.ts'
import type { PublicUrls } from '../config.ts'
import { INCOMING_PAYMENTS_PATH } from '../incoming-payments/model.ts'
import {
  bodyOf,
  idFromUrl,
  readAmount,
  stringField,
  walletAddressNameFromUrl,
} from '../shared/request-input.ts'
import { walletAddressUrl } from '../wallet-addresses/model.ts'
import { isQuoteError, QuoteError, toHttpError } from './errors.ts'
import { toOpenPaymentsQuote } from './model.ts'
import { isPricingError, pricingHttpError } from './pricing.ts'
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
  const { quoteService: service, urls } = deps
  return {
    create: async (req, res) => {
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

      const quote = await service.create({
        walletAddressName,
        client: access.client,
        incomingPaymentId: idFromUrl(receiver, urls.resourceServer, INCOMING_PAYMENTS_PATH),
        debitAmount,
        receiveAmount,
      })
      if (isQuoteError(quote)) throw toHttpError(quote)
      if (isPricingError(quote)) throw pricingHttpError(quote)
      res.status(201).json(toOpenPaymentsQuote(quote, urls))
    },

    get: async (req, res) => {
      const access = requireAccess(res)
      const quote = await service.get(req.params.id)
      if (isQuoteError(quote)) throw toHttpError(quote)
      authorizeRead(
        access,
        {
          walletAddressUrl: walletAddressUrl(urls.resourceServer, quote.walletAddressName),
          client: quote.client,
        },
        () => toHttpError(QuoteError.UnknownQuote),
      )
      res.json(toOpenPaymentsQuote(quote, urls))
    },
  }
}
