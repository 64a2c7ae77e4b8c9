import { randomUUID } from 'node:crypto'
import type { Database } from '../db/database.ts'
import { incomingPaymentUrl, isExpired, isPayable } from '../incoming-payments/model.ts'
import type { ReceiverTermsCache } from '../incoming-payments/receiver-terms.ts'
import { findIncomingPayment } from '../incoming-payments/repository.ts'
import {
  checkLimits,
  type GrantLimits,
  LimitViolation,
  type SpentCaps,
  spendingWindow,
  spentCaps,
} from '../outgoing-payment-grants/limits.ts'
import { isCapExceeded, reserveSpent } from '../outgoing-payment-grants/repository.ts'
import { spendingWindowKey } from '../outgoing-payment-grants/spending-window-key.ts'
import { isPricingError, type PricingError, price } from '../quotes/pricing.ts'
import type { RateTable } from '../quotes/rates.ts'
import { type Amount, amountOf } from '../shared/amount.ts'
import type { PageInfo, PageRequest } from '../shared/pagination.ts'
import { isUuid, type JsonObject } from '../shared/request-input.ts'
import type { WalletAddressIdentities, WalletAddressIdentity } from '../wallet-addresses/identity-cache.ts'
import { type CreateOutgoingPaymentError, isOutgoingPaymentError, OutgoingPaymentError } from './errors.ts'
import type { OutgoingPayment } from './model.ts'
import {
  findOutgoingPayment,
  findQuoteToPay,
  isQuoteUseConflict,
  isReceiverRefused,
  outgoingPaymentInsert,
  pageOutgoingPayments,
} from './repository.ts'

/** Form 1 pays a quote; form 2 pays an incoming payment with a fixed debit amount. */
export type PaymentSource =
  | { quoteId: string | undefined }
  | { incomingPaymentId: string | undefined; debitAmount: Amount }

export interface CreateOutgoingPaymentInput {
  walletAddressName: string
  client: string
  grant: { id: string; limits: GrantLimits }
  /** Base of resource URLs, to compare receivers with the grant's `receiver` limit. */
  resourceServer: string
  source: PaymentSource
  metadata: JsonObject | undefined
}

export interface CreatedOutgoingPayment {
  payment: OutgoingPayment
  /** What the grant had spent in the payment's interval before it, in the payment's assets. */
  grantSpentDebitAmount: Amount
  grantSpentReceiveAmount: Amount
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

type Priced = {
  incomingPaymentId: string
  quoteId: string | undefined
  debitAmount: Amount
  receiveAmount: Amount
  /** Priced from the receiver's remembered terms, unread: the reservation checks that it still takes the payment. */
  checkReceiver: boolean
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
  const known = priceKnownReceiver(deps, input, sender, source, now)
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
  input: CreateOutgoingPaymentInput,
  sender: WalletAddressIdentity,
  priced: Priced | OutgoingPaymentError | PricingError,
  now: Date,
): Promise<CreatedOutgoingPayment | CreateOutgoingPaymentError> {
  if (isOutgoingPaymentError(priced) || isPricingError(priced)) return priced
  try {
    return await reserve(db, input, sender, priced, now)
  } catch (error) {
    if (isQuoteUseConflict(error)) return OutgoingPaymentError.QuoteUsed
    throw error
  }
}

/** Thrown in a transaction to roll it back (the payment's insert with it) and answer with the violation. */
class Refused extends Error {
  constructor(readonly violation: LimitViolation) {
    super(violation)
  }
}

/**
 * Inserts the payment and adds it to the grant's totals, whose rows that statement locks: a concurrent payment of
 * the grant waits for this one to commit. A payment the limits allow takes one statement, which the database
 * refuses whole should a total pass its cap; only then, or when the payment is refused on its own, is it checked
 * again in a transaction that reads the totals under lock and names the limit it violates.
 */
async function reserve(
  db: Database,
  input: CreateOutgoingPaymentInput,
  sender: WalletAddressIdentity,
  priced: Priced,
  now: Date,
): Promise<CreatedOutgoingPayment | LimitViolation> {
  const { limits } = input.grant
  const window = spendingWindow(limits, now)
  if (window === 'outside') return LimitViolation.Interval
  const payment: OutgoingPayment = {
    id: randomUUID(),
    walletAddressId: sender.id,
    walletAddressName: sender.name,
    client: input.client,
    grantId: input.grant.id,
    quoteId: priced.quoteId,
    incomingPaymentId: priced.incomingPaymentId,
    debitAmount: priced.debitAmount,
    receiveAmount: priced.receiveAmount,
    sentAmount: amountOf(0n, sender),
    state: 'sending',
    metadata: input.metadata,
    createdAt: now,
  }
  const reservation = {
    grantId: input.grant.id,
    window: spendingWindowKey(window),
    debitAmount: priced.debitAmount,
    receiveAmount: priced.receiveAmount,
  }
  const underGrant = {
    receiver: incomingPaymentUrl(input.resourceServer, priced.incomingPaymentId),
    debitAmount: priced.debitAmount,
    receiveAmount: priced.receiveAmount,
  }
  const created = (spent: { debit: bigint; receive: bigint }) => ({
    payment,
    grantSpentDebitAmount: amountOf(spent.debit, priced.debitAmount),
    grantSpentReceiveAmount: amountOf(spent.receive, priced.receiveAmount),
  })
  const reserveOn = (on: Database, caps: SpentCaps | undefined) =>
    reserveSpent(
      on,
      reservation,
      outgoingPaymentInsert(on, payment, reservation.window, priced.checkReceiver),
      caps,
    )
  const caps = spentCaps(limits, underGrant)
  if (caps !== undefined) {
    try {
      return created(await reserveOn(db, caps))
    } catch (error) {
      if (!isCapExceeded(error)) throw error
    }
  }
  try {
    return await db.transaction(async (trx) => {
      const spent = await reserveOn(trx, undefined)
      const violation = checkLimits(limits, underGrant, spent)
      if (violation !== undefined) throw new Refused(violation)
      return created(spent)
    })
  } catch (error) {
    if (error instanceof Refused) return error.violation
    throw error
  }
}

async function priceQuote(
  db: Database,
  sender: WalletAddressIdentity,
  quoteId: string | undefined,
  now: Date,
): Promise<Priced | OutgoingPaymentError> {
  const found = quoteId === undefined ? undefined : await findQuoteToPay(db, quoteId)
  if (found === undefined) return OutgoingPaymentError.UnknownQuote
  const { quote, receiver, used } = found
  if (quote.walletAddressId !== sender.id) return OutgoingPaymentError.QuoteOfAnotherWallet
  if (quote.expiresAt.getTime() <= now.getTime()) return OutgoingPaymentError.QuoteExpired
  if (used) return OutgoingPaymentError.QuoteUsed
  if (!isPayable(receiver, now)) return OutgoingPaymentError.InvalidReceiver
  return {
    incomingPaymentId: quote.incomingPaymentId,
    quoteId: quote.id,
    debitAmount: quote.debitAmount,
    receiveAmount: quote.receiveAmount,
    checkReceiver: false,
  }
}

/**
 * One round trip instead of two, to a receiver whose terms this process knows (as a quote to one, see
 * quotes/service.ts): priced as if nothing had been received yet, and reserved only while the receiver is not
 * completed and takes the whole receiveAmount (the reservation checks both). Undefined whenever that cannot be
 * decided here: the price refused, the receiver expired, or the grant's interval over (refused before any
 * statement, which would answer before the receiver's checks). Reading the receiver then gives the answer, so both
 * ways answer alike.
 */
function priceKnownReceiver(
  deps: ServiceDependencies,
  input: CreateOutgoingPaymentInput,
  sender: WalletAddressIdentity,
  source: Extract<PaymentSource, { debitAmount: Amount }>,
  now: Date,
): Priced | undefined {
  const terms =
    source.incomingPaymentId === undefined ? undefined : deps.receivers.get(source.incomingPaymentId)
  if (terms === undefined || isExpired(terms, now)) return
  if (spendingWindow(input.grant.limits, now) === 'outside') return
  const priced = price(deps.rates, {
    sender,
    receiver: { ...terms, receivedAmount: 0n },
    debitAmount: source.debitAmount,
    receiveAmount: undefined,
  })
  if (isPricingError(priced)) return
  return { incomingPaymentId: terms.id, quoteId: undefined, ...priced, checkReceiver: true }
}

async function priceIncomingPayment(
  deps: ServiceDependencies,
  sender: WalletAddressIdentity,
  source: Extract<PaymentSource, { debitAmount: Amount }>,
  now: Date,
): Promise<Priced | OutgoingPaymentError | PricingError> {
  const receiver =
    source.incomingPaymentId === undefined
      ? undefined
      : await findIncomingPayment(deps.db, source.incomingPaymentId)
  if (receiver === undefined) return OutgoingPaymentError.UnknownReceiver
  deps.receivers.remember(receiver)
  if (!isPayable(receiver, now)) return OutgoingPaymentError.InvalidReceiver
  const priced = price(deps.rates, {
    sender,
    receiver,
    debitAmount: source.debitAmount,
    receiveAmount: undefined,
  })
  if (isPricingError(priced)) return priced
  return {
    incomingPaymentId: receiver.id,
    quoteId: undefined,
    debitAmount: priced.debitAmount,
    receiveAmount: priced.receiveAmount,
    checkReceiver: false,
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
