import type { Quote as OpenPaymentsQuote } from '@interledger/open-payments'
import type { PublicUrls } from '../config.ts'
import { incomingPaymentUrl } from '../incoming-payments/model.ts'
import { type Amount, toOpenPaymentsAmount } from '../shared/amount.ts'
import { walletAddressUrl } from '../wallet-addresses/model.ts'

export interface Quote {
  id: string
  walletAddressId: string
  walletAddressName: string
  client: string | undefined
  incomingPaymentId: string
  debitAmount: Amount
  receiveAmount: Amount
  method: 'ilp'
  expiresAt: Date
  createdAt: Date
}

export const QUOTES_PATH = 'quotes'

export function quoteUrl(resourceServer: string, id: string): string {
  return `${resourceServer}/${QUOTES_PATH}/${id}`
}

export function toOpenPaymentsQuote(quote: Quote, urls: PublicUrls): OpenPaymentsQuote {
  return {
    id: quoteUrl(urls.resourceServer, quote.id),
    walletAddress: walletAddressUrl(urls.resourceServer, quote.walletAddressName),
    receiver: incomingPaymentUrl(urls.resourceServer, quote.incomingPaymentId),
    receiveAmount: toOpenPaymentsAmount(quote.receiveAmount),
    debitAmount: toOpenPaymentsAmount(quote.debitAmount),
    method: quote.method,
    expiresAt: quote.expiresAt.toISOString(),
    createdAt: quote.createdAt.toISOString(),
  }
}
