import type { OutgoingPayment as OpenPaymentsOutgoingPayment } from '@interledger/open-payments'
import type { PublicUrls } from '../config.ts'
import { incomingPaymentUrl } from '../incoming-payments/model.ts'
import { quoteUrl } from '../quotes/model.ts'
import { type Amount, toOpenPaymentsAmount } from '../shared/amount.ts'
import type { JsonObject } from '../shared/request-input.ts'
import { walletAddressUrl } from '../wallet-addresses/model.ts'

/** `sending` until the payment engine settles it (`completed`) or gives up (`failed`). */
export type OutgoingPaymentState = 'sending' | 'completed' | 'failed'

export interface OutgoingPayment {
  id: string
  walletAddressId: string
  walletAddressName: string
  /** Wallet address URL of the client that created it. */
  client: string | undefined
  grantId: string | undefined
  quoteId: string | undefined
  incomingPaymentId: string
  debitAmount: Amount
  receiveAmount: Amount
  /** In the sender's asset; reaches debitAmount when the payment settles. */
  sentAmount: Amount
  state: OutgoingPaymentState
  metadata: JsonObject | undefined
  createdAt: Date
}

/** Form 1 pays a quote; form 2 pays an incoming payment with a fixed debit amount. */
export type PaymentSource =
  | { quoteId: string | undefined }
  | { incomingPaymentId: string | undefined; debitAmount: Amount }

export const OUTGOING_PAYMENTS_PATH = 'outgoing-payments'

export function outgoingPaymentUrl(resourceServer: string, id: string): string {
  return `${resourceServer}/${OUTGOING_PAYMENTS_PATH}/${id}`
}

export function toOpenPaymentsOutgoingPayment(
  payment: OutgoingPayment,
  urls: PublicUrls,
): OpenPaymentsOutgoingPayment {
  return {
    id: outgoingPaymentUrl(urls.resourceServer, payment.id),
    walletAddress: walletAddressUrl(urls.resourceServer, payment.walletAddressName),
    ...(payment.quoteId === undefined ? {} : { quoteId: quoteUrl(urls.resourceServer, payment.quoteId) }),
    failed: payment.state === 'failed',
    receiver: incomingPaymentUrl(urls.resourceServer, payment.incomingPaymentId),
    receiveAmount: toOpenPaymentsAmount(payment.receiveAmount),
    debitAmount: toOpenPaymentsAmount(payment.debitAmount),
    sentAmount: toOpenPaymentsAmount(payment.sentAmount),
    ...(payment.metadata === undefined ? {} : { metadata: payment.metadata }),
    createdAt: payment.createdAt.toISOString(),
  }
}
