import type { IncomingPaymentPaginationResult } from '@interledger/open-payments/dist/types.js'
import type { RequestHandler } from 'express'
import {
  authorizeRead,
  listScope,
  optionalAccess,
  requireAccess,
  requireEntry,
} from '../authorization/resource-access.ts'
import type { PublicUrls } from '../config.ts'
import { readListQuery } from '../shared/pagination.ts'
import {
  bodyOf,
  readAmount,
  readDateTime,
  readMetadata,
  stringField,
  walletAddressNameFromUrl,
} from '../shared/request-input.ts'
import { walletAddressUrl } from '../wallet-addresses/model.ts'
import { IncomingPaymentError, isIncomingPaymentError, toHttpError } from './errors.ts'
import {
  type IncomingPayment,
  toIncomingPaymentWithMethods,
  toOpenPaymentsIncomingPayment,
  toPublicIncomingPayment,
} from './model.ts'
import type { IncomingPaymentService } from './service.ts'

interface RouteDependencies {
  incomingPaymentService: IncomingPaymentService
  urls: PublicUrls
}

type IdParams = { id: string }

export interface IncomingPaymentRoutes {
  create: RequestHandler
  list: RequestHandler
  /** Full view with an access token, public view without one. */
  get: RequestHandler<IdParams>
  complete: RequestHandler<IdParams>
}

export function createIncomingPaymentRoutes(deps: RouteDependencies): IncomingPaymentRoutes {
  const { incomingPaymentService: service, urls } = deps
  const notFound = () => toHttpError(IncomingPaymentError.UnknownIncomingPayment)
  const ownerOf = (payment: IncomingPayment) => ({
    walletAddressUrl: walletAddressUrl(urls.resourceServer, payment.walletAddressName),
    client: payment.client,
  })
  const found = async (id: string): Promise<IncomingPayment> => {
    const payment = await service.get(id)
    if (isIncomingPaymentError(payment)) throw toHttpError(payment)
    return payment
  }
  const nameOf = (walletAddress: string): string => {
    const name = walletAddressNameFromUrl(walletAddress, urls.resourceServer)
    if (name === undefined) throw toHttpError(IncomingPaymentError.UnknownWalletAddress)
    return name
  }

  return {
    create: async (req, res) => {
      const access = requireAccess(res)
      const body = bodyOf(req.body)
      const walletAddress = stringField(body, 'walletAddress') ?? ''
      const input = {
        incomingAmount: readAmount(body, 'incomingAmount'),
        expiresAt: readDateTime(body, 'expiresAt'),
        metadata: readMetadata(body),
      }
      requireEntry(access, walletAddress)
      const payment = await service.create({
        ...input,
        walletAddressName: nameOf(walletAddress),
        client: access.client,
      })
      if (isIncomingPaymentError(payment)) throw toHttpError(payment)
      res.status(201).json(toIncomingPaymentWithMethods(payment, urls, new Date()))
    },

    list: async (_req, res) => {
      const access = requireAccess(res)
      const { walletAddress, page } = readListQuery(res.locals.query)
      const client = listScope(access, walletAddress)
      const result = await service.list({ walletAddressName: nameOf(walletAddress), client, page })
      if (isIncomingPaymentError(result)) throw toHttpError(result)
      const body: IncomingPaymentPaginationResult = {
        pagination: result.pageInfo,
        result: result.items.map((payment) => toOpenPaymentsIncomingPayment(payment, urls)),
      }
      res.json(body)
    },

    get: async (req, res) => {
      const payment = await found(req.params.id)
      const access = optionalAccess(res)
      if (access === undefined) {
        res.json(toPublicIncomingPayment(payment, urls))
        return
      }
      authorizeRead(access, ownerOf(payment), notFound)
      res.json(toIncomingPaymentWithMethods(payment, urls, new Date()))
    },

    complete: async (req, res) => {
      const access = requireAccess(res)
      requireEntry(access, ownerOf(await found(req.params.id)).walletAddressUrl)
      const payment = await service.complete(req.params.id)
      if (isIncomingPaymentError(payment)) throw toHttpError(payment)
      res.json(toOpenPaymentsIncomingPayment(payment, urls))
    },
  }
}
