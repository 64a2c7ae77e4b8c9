import type { OutgoingPaymentWithSpentAmounts } from '@interledger/open-payments/dist/types.js'
import type { Request, RequestHandler, Response } from 'express'
import { authorizeRead, ownerOf, requireAccess, requireEntry } from '../authorization/resource-access.ts'
import type { PublicUrls } from '../config.ts'
import { INCOMING_PAYMENTS_PATH } from '../incoming-payments/model.ts'
import { limitsOf } from '../outgoing-payment-grants/limits.ts'
import { QUOTES_PATH } from '../quotes/model.ts'
import { toOpenPaymentsAmount } from '../shared/amount.ts'
import { listHandler } from '../shared/list-handler.ts'
import {
  bodyOf,
  idFromUrl,
  readAmount,
  readMetadata,
  stringField,
  walletAddressNameFromUrl,
} from '../shared/request-input.ts'
import {
  isCreateOutgoingPaymentError,
  isOutgoingPaymentError,
  OutgoingPaymentError,
  toHttpError,
} from './errors.ts'
import { type PaymentSource, toOpenPaymentsOutgoingPayment } from './model.ts'
import type { OutgoingPaymentService } from './service.ts'

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
  return {
    create: (req, res) => createOutgoingPayment(deps, req, res),
    list: listHandler(deps.urls, {
      list: (input) => deps.outgoingPaymentService.list(input),
      isError: isOutgoingPaymentError,
      toHttpError,
      unknownWalletAddress: OutgoingPaymentError.UnknownWalletAddress,
      toBody: (payment) => toOpenPaymentsOutgoingPayment(payment, deps.urls),
    }),
    get: (req, res) => getOutgoingPayment(deps, req, res),
  }
}

async function createOutgoingPayment(deps: RouteDependencies, req: Request, res: Response): Promise<void> {
  const { urls } = deps
  const access = requireAccess(res)
  const body = bodyOf(req.body)
  const walletAddress = stringField(body, 'walletAddress') ?? ''
  const source = readSource(body, urls.resourceServer)
  const metadata = readMetadata(body)
  const limits = limitsOf(requireEntry(access, walletAddress))
  if (limits === undefined) throw toHttpError(OutgoingPaymentError.UnreadableLimits)
  const walletAddressName = walletAddressNameFromUrl(walletAddress, urls.resourceServer)
  if (walletAddressName === undefined) throw toHttpError(OutgoingPaymentError.UnknownWalletAddress)

  const created = await deps.outgoingPaymentService.create({
    walletAddressName,
    client: access.client,
    grant: { id: access.grantId, limits },
    resourceServer: urls.resourceServer,
    source,
    metadata,
  })
  if (isCreateOutgoingPaymentError(created)) throw toHttpError(created)
  const response: OutgoingPaymentWithSpentAmounts = {
    ...toOpenPaymentsOutgoingPayment(created.payment, urls),
    grantSpentDebitAmount: toOpenPaymentsAmount(created.grantSpentDebitAmount),
    grantSpentReceiveAmount: toOpenPaymentsAmount(created.grantSpentReceiveAmount),
  }
  res.status(201).json(response)
}

async function getOutgoingPayment(
  deps: RouteDependencies,
  req: Request<IdParams>,
  res: Response,
): Promise<void> {
  const { urls } = deps
  const access = requireAccess(res)
  const payment = await deps.outgoingPaymentService.get(req.params.id)
  if (isOutgoingPaymentError(payment)) throw toHttpError(payment)
  authorizeRead(access, ownerOf(urls, payment), () =>
    toHttpError(OutgoingPaymentError.UnknownOutgoingPayment),
  )
  res.json(toOpenPaymentsOutgoingPayment(payment, urls))
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
