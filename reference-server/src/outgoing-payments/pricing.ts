import type { Database } from '../db/database.ts'
import { isExpired, isPayable } from '../incoming-payments/model.ts'
import type { ReceiverTermsCache } from '../incoming-payments/receiver-terms.ts'
import { findIncomingPayment } from '../incoming-payments/repository.ts'
import { type GrantLimits, spendingWindow } from '../outgoing-payment-grants/limits.ts'
import { isPricingError, type PricingError, price } from '../quotes/pricing.ts'
import type { RateTable } from '../quotes/rates.ts'
import type { Amount } from '../shared/amount.ts'
import type { WalletAddressIdentity } from '../wallet-addresses/identity-cache.ts'
import { OutgoingPaymentError } from './errors.ts'
import type { PaymentSource } from './model.ts'
import { findQuoteToPay } from './repository.ts'

/** What a payment will debit and deliver, and to which receiver: the reservation's input. */
export type Priced = {
  incomingPaymentId: string
  quoteId: string | undefined
  debitAmount: Amount
  receiveAmount: Amount
  /** Priced from the receiver's remembered terms, unread: the reservation checks that it still takes the payment. */
  checkReceiver: boolean
}

type DirectPayment = Extract<PaymentSource, { debitAmount: Amount }>

interface ReceiverPricing {
  rates: RateTable
  receivers: ReceiverTermsCache
}

/** Form 1: the quote's amounts, while the quote is the sender's, unexpired, unused, and its receiver payable. */
export async function priceQuote(
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
 * Form 2 without a round trip, to a receiver whose terms this process knows (as a quote to one, see
 * quotes/service.ts): priced as if nothing had been received yet, and reserved only while the receiver is not
 * completed and takes the whole receiveAmount (the reservation checks both). Undefined whenever that cannot be
 * decided here: the price refused, the receiver expired, or the grant's interval over (refused before any
 * statement, which would answer before the receiver's checks). Reading the receiver then gives the answer, so both
 * ways answer alike.
 */
export function priceKnownReceiver(
  deps: ReceiverPricing,
  limits: GrantLimits,
  sender: WalletAddressIdentity,
  source: DirectPayment,
  now: Date,
): Priced | undefined {
  const terms =
    source.incomingPaymentId === undefined ? undefined : deps.receivers.get(source.incomingPaymentId)
  if (terms === undefined || isExpired(terms, now)) return
  if (spendingWindow(limits, now) === 'outside') return
  const priced = price(deps.rates, {
    sender,
    receiver: { ...terms, receivedAmount: 0n },
    debitAmount: source.debitAmount,
    receiveAmount: undefined,
  })
  if (isPricingError(priced)) return
  return { incomingPaymentId: terms.id, quoteId: undefined, ...priced, checkReceiver: true }
}

/** Form 2 from the receiver as read, which the process then remembers. */
export async function priceIncomingPayment(
  deps: ReceiverPricing & { db: Database },
  sender: WalletAddressIdentity,
  source: DirectPayment,
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
