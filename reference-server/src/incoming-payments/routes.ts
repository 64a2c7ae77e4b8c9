import type { Request, RequestHandler, Response } from 'express'
import {
  authorizeRead,
  optionalAccess,
  ownerOf,
  requireAccess,
  requireEntry,
} from '../authorization/resource-access.ts'
import type { PublicUrls } from '../config.ts'
import { listHandler } from '../shared/list-handler.ts'
import {
  bodyOf,
  readAmount,
  readDateTime,
  readMetadata,
  stringField,
  walletAddressNameFromUrl,
} from '../shared/request-input.ts'
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
  return {
    create: (req, res) => createIncomingPayment(deps, req, res),
    list: listHandler(deps.urls, {
      list: (input) => deps.incomingPaymentService.list(input),
      isError: isIncomingPaymentError,
      toHttpError,
      unknownWalletAddress: IncomingPaymentError.UnknownWalletAddress,
      toBody: (payment) => toOpenPaymentsIncomingPayment(payment, deps.urls),
    }),
    get: (req, res) => getIncomingPayment(deps, req, res),
    complete: (req, res) => completeIncomingPayment(deps, req, res),
  }
}

async function createIncomingPayment(deps: RouteDependencies, req: Request, res: Response): Promise<void> {
  const access = requireAccess(res)
  const body = bodyOf(req.body)
  const walletAddress = stringField(body, 'walletAddress') ?? ''
  const input = {
    incomingAmount: readAmount(body, 'incomingAmount'),
    expiresAt: readDateTime(body, 'expiresAt'),
    metadata: readMetadata(body),
  }
  requireEntry(access, walletAddress)
  const payment = await deps.incomingPaymentService.create({
    ...input,
    walletAddressName: nameOf(deps.urls, walletAddress),
    client: access.client,
  })
  if (isIncomingPaymentError(payment)) throw toHttpError(payment)
  res.status(201).json(toIncomingPaymentWithMethods(payment, deps.urls, new Date()))
}

async function getIncomingPayment(
  deps: RouteDependencies,
  req: Request<IdParams>,
  res: Response,
): Promise<void> {
  const payment = await found(deps, req.params.id)
  const access = optionalAccess(res)
  if (access === undefined) {
    res.json(toPublicIncomingPayment(payment, deps.urls))
    return
  }
  authorizeRead(access, ownerOf(deps.urls, payment), () =>
    toHttpError(IncomingPaymentError.UnknownIncomingPayment),
  )
  res.json(toIncomingPaymentWithMethods(payment, deps.urls, new Date()))
}

async function completeIncomingPayment(
  deps: RouteDependencies,
  req: Request<IdParams>,
  res: Response,
): Promise<void> {
  const access = requireAccess(res)
  requireEntry(access, ownerOf(deps.urls, await found(deps, req.params.id)).walletAddressUrl)
  const payment = await deps.incomingPaymentService.complete(req.params.id)
  if (isIncomingPaymentError(payment)) throw toHttpError(payment)
  res.json(toOpenPaymentsIncomingPayment(payment, deps.urls))
}

async function found(deps: RouteDependencies, id: string): Promise<IncomingPayment> {
  const payment = await deps.incomingPaymentService.get(id)
  if (isIncomingPaymentError(payment)) throw toHttpError(payment)
  return payment
}

function nameOf(urls: PublicUrls, walletAddress: string): string {
  const name = walletAddressNameFromUrl(walletAddress, urls.resourceServer)
  if (name === undefined) throw toHttpError(IncomingPaymentError.UnknownWalletAddress)
  return name
}
