import type { Quote, WalletAddress } from '@interledger/open-payments'
import { amountIn, resourceUrl } from '../harness/discovery/discovery.ts'
import { OPERATIONS } from '../harness/openapi/operations.ts'
import { markerMetadata, type ResourceCall } from './resource-calls.ts'

export type Amount = Quote['debitAmount']

/**
 * More than any test account holds, well inside uint64: a payment of it cannot be processed (and one of it or
 * more never moves a test account's money).
 */
export const BEYOND_ANY_BALANCE = 2n ** 62n

export interface ReceiverOptions {
  /** Left out of the request when undefined: a receiver nothing can be inferred from. */
  incomingValue?: bigint
  expiresAt?: Date
  marker?: string
}

/** At most one of the two for a valid request; both for the negative case. */
export interface QuoteAmounts {
  debitAmount?: Amount
  receiveAmount?: Amount
}

/** An amount in an asset the wallet address does not hold: ISO 4217's code for testing, else "no currency". */
export function foreignAmount(walletAddress: WalletAddress, value: bigint): Amount {
  const assetCode = walletAddress.assetCode === 'XTS' ? 'XXX' : 'XTS'
  return { value: String(value), assetCode, assetScale: walletAddress.assetScale }
}

/** The request variants the payment tests need beyond `resourceCalls`' one-size defaults. */
export const paymentCalls = {
  createIncomingPayment(walletAddress: WalletAddress, options: ReceiverOptions = {}): ResourceCall {
    const { incomingValue, expiresAt, marker } = options
    return {
      operation: OPERATIONS.createIncomingPayment,
      method: 'POST',
      url: resourceUrl(walletAddress, 'incoming-payments'),
      json: {
        walletAddress: walletAddress.id,
        ...(incomingValue === undefined ? {} : { incomingAmount: amountIn(walletAddress, incomingValue) }),
        ...(expiresAt === undefined ? {} : { expiresAt: expiresAt.toISOString() }),
        ...(marker === undefined ? {} : { metadata: markerMetadata(marker) }),
      },
    }
  },
  createQuote(sender: WalletAddress, receiver: string, amounts: QuoteAmounts): ResourceCall {
    return {
      operation: OPERATIONS.createQuote,
      method: 'POST',
      url: resourceUrl(sender, 'quotes'),
      json: { walletAddress: sender.id, receiver, method: 'ilp', ...amounts },
    }
  },
  /** Form 2 of outgoing-payment creation: no quote, a fixed debitAmount. */
  payIncomingPayment(
    sender: WalletAddress,
    incomingPayment: string,
    debitAmount: Amount,
    marker: string,
  ): ResourceCall {
    return {
      operation: OPERATIONS.createOutgoingPayment,
      method: 'POST',
      url: resourceUrl(sender, 'outgoing-payments'),
      json: { walletAddress: sender.id, incomingPayment, debitAmount, metadata: markerMetadata(marker) },
    }
  },
  /** An id the target cannot know, at the path the OpenAPI document gives the collection. */
  unknownId(walletAddress: WalletAddress, collection: 'quotes' | 'outgoing-payments'): string {
    return resourceUrl(walletAddress, `${collection}/${crypto.randomUUID()}`)
  },
}
