import { randomUUID } from 'node:crypto'
import type { Database } from '../db/database.ts'
import { type IncomingPayment, isExpired, isPayable } from '../incoming-payments/model.ts'
import type { ReceiverTermsCache } from '../incoming-payments/receiver-terms.ts'
import { findIncomingPayment } from '../incoming-payments/repository.ts'
import type { Amount } from '../shared/amount.ts'
import { isUuid } from '../shared/request-input.ts'
import type { WalletAddressIdentities, WalletAddressIdentity } from '../wallet-addresses/identity-cache.ts'
import { QuoteError } from './errors.ts'
import type { Quote } from './model.ts'
import { isPricingError, type PricedReceiver, type PricingError, price } from './pricing.ts'
import type { RateTable } from './rates.ts'
import { findQuote, insertQuote, insertQuoteIfReceivable } from './repository.ts'

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
  receivers: ReceiverTermsCache
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
  if (input.incomingPaymentId === undefined) return QuoteError.UnknownReceiver
  const now = new Date()
  return (
    (await createToKnownReceiver(deps, input, input.incomingPaymentId, sender, now)) ??
    (await createAfterReading(deps, input, input.incomingPaymentId, sender, now))
  )
}

/**
 * One round trip instead of two, to a receiver whose terms this process knows: priced as if nothing had been
 * received yet, and inserted only while the receiver is not completed and still takes the whole receiveAmount
 * (the statement checks both). Undefined whenever that cannot be decided here, the price included: reading the
 * receiver then gives the answer, so both ways answer alike.
 */
async function createToKnownReceiver(
  deps: ServiceDependencies,
  input: CreateQuoteInput,
  receiverId: string,
  sender: WalletAddressIdentity,
  now: Date,
): Promise<Quote | undefined> {
  const terms = deps.receivers.get(receiverId)
  // Without an amount the quote receives what remains, which only the receiver's row knows.
  if (terms === undefined || (input.debitAmount === undefined && input.receiveAmount === undefined)) return
  if (isExpired(terms, now)) return
  const quote = newQuote(deps, input, sender, { ...terms, receivedAmount: 0n }, now)
  if (isPricingError(quote)) return
  return (await insertQuoteIfReceivable(deps.db, quote)) ? quote : undefined
}

async function createAfterReading(
  deps: ServiceDependencies,
  input: CreateQuoteInput,
  receiverId: string,
  sender: WalletAddressIdentity,
  now: Date,
): Promise<Quote | QuoteError | PricingError> {
  const receiver = await findIncomingPayment(deps.db, receiverId)
  if (receiver === undefined) return QuoteError.UnknownReceiver
  deps.receivers.remember(receiver)
  if (!isPayable(receiver, now)) return QuoteError.InvalidReceiver
  const quote = newQuote(deps, input, sender, receiver, now)
  if (isPricingError(quote)) return quote
  await insertQuote(deps.db, quote)
  return quote
}

function newQuote(
  deps: ServiceDependencies,
  input: CreateQuoteInput,
  sender: WalletAddressIdentity,
  receiver: PricedReceiver & Pick<IncomingPayment, 'id' | 'expiresAt'>,
  now: Date,
): Quote | PricingError {
  const priced = price(deps.rates, {
    sender,
    receiver,
    debitAmount: input.debitAmount,
    receiveAmount: input.receiveAmount,
  })
  if (isPricingError(priced)) return priced

  const lifetimeEnd = now.getTime() + deps.quoteLifetimeSeconds * 1000
  return {
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
}
