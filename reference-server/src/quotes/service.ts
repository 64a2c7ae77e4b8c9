import { randomUUID } from 'node:crypto'
import type { Database } from '../db/database.ts'
import { isPayable } from '../incoming-payments/model.ts'
import { findIncomingPayment } from '../incoming-payments/repository.ts'
import type { Amount } from '../shared/amount.ts'
import { isUuid } from '../shared/request-input.ts'
import type { WalletAddressIdentities } from '../wallet-addresses/identity-cache.ts'
import { QuoteError } from './errors.ts'
import type { Quote } from './model.ts'
import { isPricingError, type PricingError, price } from './pricing.ts'
import type { RateTable } from './rates.ts'
import { findQuote, insertQuote } from './repository.ts'

export interface CreateQuoteInput {
  walletAddressName: string
  client: string
  /** Undefined when the receiver URL is not an incoming payment of this server. */
  incomingPaymentId: string | undefined
  debitAmount: Amount | undefined
  receiveAmount: Amount | undefined
}

export interface QuoteService {
  create(input: CreateQuoteInput): Promise<Quote | QuoteError | PricingError>
  get(id: string): Promise<Quote | QuoteError>
}

interface ServiceDependencies {
  db: Database
  rates: RateTable
  quoteLifetimeSeconds: number
  walletAddresses: WalletAddressIdentities
}

export function createQuoteService(deps: ServiceDependencies): QuoteService {
  return {
    create: (input) => create(deps, input),
    get: async (id) => (isUuid(id) ? await findQuote(deps.db, id) : undefined) ?? QuoteError.UnknownQuote,
  }
}

async function create(
  deps: ServiceDependencies,
  input: CreateQuoteInput,
): Promise<Quote | QuoteError | PricingError> {
  const sender = await deps.walletAddresses.byName(input.walletAddressName)
  if (sender === undefined) return QuoteError.UnknownWalletAddress
  const receiver =
    input.incomingPaymentId === undefined
      ? undefined
      : await findIncomingPayment(deps.db, input.incomingPaymentId)
  if (receiver === undefined) return QuoteError.UnknownReceiver
  const now = new Date()
  if (!isPayable(receiver, now)) return QuoteError.InvalidReceiver
  const priced = price(deps.rates, {
    sender,
    receiver,
    debitAmount: input.debitAmount,
    receiveAmount: input.receiveAmount,
  })
  if (isPricingError(priced)) return priced

  const lifetimeEnd = now.getTime() + deps.quoteLifetimeSeconds * 1000
  const quote: Quote = {
    id: randomUUID(),
    walletAddressId: sender.id,
    walletAddressName: sender.name,
    client: input.client,
    incomingPaymentId: receiver.id,
    ...priced,
    method: 'ilp',
    // A quote cannot outlive its receiver.
    expiresAt: new Date(Math.min(lifetimeEnd, receiver.expiresAt?.getTime() ?? lifetimeEnd)),
    createdAt: now,
  }
  await insertQuote(deps.db, quote)
  return quote
}
