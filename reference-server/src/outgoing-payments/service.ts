import type { Database } from '../db/database.ts'
import type { ReceiverTermsCache } from '../incoming-payments/receiver-terms.ts'
import { isPricingError, type PricingError } from '../quotes/pricing.ts'
import type { RateTable } from '../quotes/rates.ts'
import type { PageInfo, PageRequest } from '../shared/pagination.ts'
import { isUuid } from '../shared/request-input.ts'
import type { WalletAddressIdentities, WalletAddressIdentity } from '../wallet-addresses/identity-cache.ts'
import { type CreateOutgoingPaymentError, isOutgoingPaymentError, OutgoingPaymentError } from './errors.ts'
import type { OutgoingPayment, PaymentSource } from './model.ts'
import { type Priced, priceIncomingPayment, priceKnownReceiver, priceQuote } from './pricing.ts'
import {
  findOutgoingPayment,
  isQuoteUseConflict,
  isReceiverRefused,
  pageOutgoingPayments,
} from './repository.ts'
import { type CreatedOutgoingPayment, type PaymentOrder, reserve } from './reservation.ts'

export interface CreateOutgoingPaymentInput extends PaymentOrder {
  walletAddressName: string
  source: PaymentSource
}

export interface ListOutgoingPaymentsInput {
  walletAddressName: string
  /** Only this client's payments; undefined lists every client's. */
  client: string | undefined
  page: PageRequest
}

export interface OutgoingPaymentService {
  create(input: CreateOutgoingPaymentInput): Promise<CreatedOutgoingPayment | CreateOutgoingPaymentError>
  get(id: string): Promise<OutgoingPayment | OutgoingPaymentError>
  list(
    input: ListOutgoingPaymentsInput,
  ): Promise<{ items: OutgoingPayment[]; pageInfo: PageInfo } | OutgoingPaymentError>
}

interface ServiceDependencies {
  db: Database
  rates: RateTable
  walletAddresses: WalletAddressIdentities
  receivers: ReceiverTermsCache
}

export function createOutgoingPaymentService(deps: ServiceDependencies): OutgoingPaymentService {
  return {
    create: (input) => create(deps, input),
    get: async (id) =>
      (isUuid(id) ? await findOutgoingPayment(deps.db, id) : undefined) ??
      OutgoingPaymentError.UnknownOutgoingPayment,
    list: (input) => list(deps, input),
  }
}

/**
 * Both forms are priced before the reservation, and nothing priced is locked: the engine checks the receiver again
 * when settling, and the unique index on the payment's quote_id refuses a quote's second payment even when both
 * read it unused.
 */
async function create(
  deps: ServiceDependencies,
  input: CreateOutgoingPaymentInput,
): Promise<CreatedOutgoingPayment | CreateOutgoingPaymentError> {
  const sender = await deps.walletAddresses.byName(input.walletAddressName)
  if (sender === undefined) return OutgoingPaymentError.UnknownWalletAddress
  const now = new Date()
  const { source } = input
  if ('quoteId' in source) {
    return reserveOrRefuse(
      deps.db,
      input,
      sender,
      await priceQuote(deps.db, sender, source.quoteId, now),
      now,
    )
  }
  const known = priceKnownReceiver(deps, input.grant.limits, sender, source, now)
  if (known !== undefined) {
    try {
      return await reserve(deps.db, input, sender, known, now)
    } catch (error) {
      if (!isReceiverRefused(error)) throw error
    }
  }
  const priced = await priceIncomingPayment(deps, sender, source, now)
  return reserveOrRefuse(deps.db, input, sender, priced, now)
}

async function reserveOrRefuse(
  db: Database,
  order: PaymentOrder,
  sender: WalletAddressIdentity,
  priced: Priced | OutgoingPaymentError | PricingError,
  now: Date,
): Promise<CreatedOutgoingPayment | CreateOutgoingPaymentError> {
  if (isOutgoingPaymentError(priced) || isPricingError(priced)) return priced
  try {
    return await reserve(db, order, sender, priced, now)
  } catch (error) {
    if (isQuoteUseConflict(error)) return OutgoingPaymentError.QuoteUsed
    throw error
  }
}

async function list(
  deps: ServiceDependencies,
  input: ListOutgoingPaymentsInput,
): Promise<{ items: OutgoingPayment[]; pageInfo: PageInfo } | OutgoingPaymentError> {
  const walletAddress = await deps.walletAddresses.byName(input.walletAddressName)
  if (walletAddress === undefined) return OutgoingPaymentError.UnknownWalletAddress
  return (
    (await pageOutgoingPayments(deps.db, walletAddress, input.client, input.page)) ??
    OutgoingPaymentError.UnknownCursor
  )
}
