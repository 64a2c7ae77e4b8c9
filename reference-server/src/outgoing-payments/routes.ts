import type {
  OutgoingPaymentPaginationResult,
  OutgoingPaymentWithSpentAmounts,
} from '@interledger/open-payments/dist/types.js'
import type { RequestHandler } from 'express'
import { authorizeRead, listScope, requireAccess, requireEntry } from '../authorization/resource-access.ts'
import type { PublicUrls } from '../config.ts'
import { HttpError } from '../http/errors.ts'
import { INCOMING_PAYMENTS_PATH } from '../incoming-payments/model.ts'
import { describeLimitViolation, isLimitViolation, limitsOf } from '../outgoing-payment-grants/limits.ts'
import { QUOTES_PATH } from '../quotes/model.ts'
import { isPricingError, pricingHttpError } from '../quotes/pricing.ts'
import { toOpenPaymentsAmount } from '../shared/amount.ts'
import { readListQuery } from '../shared/pagination.ts'
import {
  bodyOf,
  idFromUrl,
  readAmount,
  readMetadata,
  stringField,
  walletAddressNameFromUrl,
} from '../shared/request-input.ts'
import { walletAddressUrl } from '../wallet-addresses/model.ts'
import { isOutgoingPaymentError, OutgoingPaymentError, toHttpError } from './errors.ts'
import { toOpenPaymentsOutgoingPayment } from './model.ts'
import type { OutgoingPaymentService, PaymentSource } from './service.ts'

interface RouteDependencies {
  outgoingPaymentService: OutgoingPaymentService
  urls: PublicUrls
}

type IdParams = { id: string }

export interface OutgoingPaymentRoutes {
  create: RequestHandler
  list: RequestHandler
  get: RequestHandler<IdParams>
}

export function createOutgoingPaymentRoutes(deps: RouteDependencies): OutgoingPaymentRoutes {
  const { outgoingPaymentService: service, urls } = deps
  const nameOf = (walletAddress: string): string => {
    const name = walletAddressNameFromUrl(walletAddress, urls.resourceServer)
    if (name === undefined) throw toHttpError(OutgoingPaymentError.UnknownWalletAddress)
    return name
  }

  return {
    create: async (req, res) => {
      const access = requireAccess(res)
      const body = bodyOf(req.body)
      const walletAddress = stringField(body, 'walletAddress') ?? ''
      const source = readSource(body, urls.resourceServer)
      const metadata = readMetadata(body)
      const limits = limitsOf(requireEntry(access, walletAddress))
      if (limits === undefined) throw toHttpError(OutgoingPaymentError.UnreadableLimits)

      const created = await service.create({
        walletAddressName: nameOf(walletAddress),
        client: access.client,
        grant: { id: access.grantId, limits },
        resourceServer: urls.resourceServer,
        source,
        metadata,
      })
      if (isOutgoingPaymentError(created)) throw toHttpError(created)
      if (isPricingError(created)) throw pricingHttpError(created)
      if (isLimitViolation(created)) throw new HttpError(403, 'forbidden', describeLimitViolation(created))
      const response: OutgoingPaymentWithSpentAmounts = {
        ...toOpenPaymentsOutgoingPayment(created.payment, urls),
        grantSpentDebitAmount: toOpenPaymentsAmount(created.grantSpentDebitAmount),
        grantSpentReceiveAmount: toOpenPaymentsAmount(created.grantSpentReceiveAmount),
      }
      res.status(201).json(response)
    },

    list: async (_req, res) => {
      const access = requireAccess(res)
      const { walletAddress, page } = readListQuery(res.locals.query)
      const client = listScope(access, walletAddress)
      const result = await service.list({ walletAddressName: nameOf(walletAddress), client, page })
      if (isOutgoingPaymentError(result)) throw toHttpError(result)
      const body: OutgoingPaymentPaginationResult = {
        pagination: result.pageInfo,
        result: result.items.map((payment) => toOpenPaymentsOutgoingPayment(payment, urls)),
      }
      res.json(body)
    },

    get: async (req, res) => {
      const access = requireAccess(res)
      const payment = await service.get(req.params.id)
      if (isOutgoingPaymentError(payment)) throw toHttpError(payment)
      authorizeRead(
        access,
        {
          walletAddressUrl: walletAddressUrl(urls.resourceServer, payment.walletAddressName),
          client: payment.client,
        },
        () => toHttpError(OutgoingPaymentError.UnknownOutgoingPayment),
      )
      res.json(toOpenPaymentsOutgoingPayment(payment, urls))
    },
  }
}

/** The schema allows exactly one form: quoteId alone, or incomingPayment with debitAmount. */
function readSource(body: Record<string, unknown>, resourceServer: string): PaymentSource {
  const quoteId = stringField(body, 'quoteId')
  if (quoteId !== undefined) return { quoteId: idFromUrl(quoteId, resourceServer, QUOTES_PATH) }
  return {
    incomingPaymentId: idFromUrl(
      stringField(body, 'incomingPayment') ?? '',
      resourceServer,
      INCOMING_PAYMENTS_PATH,
    ),
    debitAmount: readAmount(body, 'debitAmount')!,
  }
}
