import type { WalletAddress } from '@interledger/open-payments'
import { amountIn, resourceUrl } from '../harness/discovery/discovery.ts'
import type { RequestInput } from '../harness/http/response-checks.ts'
import { OPERATIONS, type OperationRef } from '../harness/openapi/operations.ts'
import type { Amount } from './amounts.ts'

/** A correct resource-server request, before a token and a signature are added. */
export interface ResourceCall {
  operation: OperationRef
  method: 'GET' | 'POST'
  url: string
  json?: unknown
  /** 'invalid' when the call deliberately carries bad input (see ConformanceApi.send). */
  input?: RequestInput
}

/** `metadata` the suite puts on what it creates, so a later list can tell whether a request created anything. */
export function markerMetadata(marker: string): { conformanceMarker: string } {
  return { conformanceMarker: marker }
}

export function hasMarker(resource: unknown, marker: string): boolean {
  const metadata = (resource as { metadata?: { conformanceMarker?: unknown } } | undefined)?.metadata
  return typeof metadata?.conformanceMarker === 'string' && metadata.conformanceMarker.startsWith(marker)
}

/** What the suite sets on an incoming payment it creates; a member left undefined is left out of the request. */
export interface IncomingPaymentOptions {
  /** In the wallet address's smallest units. Undefined: a receiver nothing can be inferred from. */
  incomingValue?: bigint
  expiresAt?: Date
  marker?: string
}

/** At most one of the two for a valid request; both for the negative case. */
export interface QuoteAmounts {
  debitAmount?: Amount
  receiveAmount?: Amount
}

/**
 * The requests of the resource server, one builder per operation (and the two forms of creating an outgoing
 * payment): the only place a request body is written. Sending them, with a token, is `Resources.send`;
 * creating what a test needs is `Resources`, and the payment flow's steps (`PaymentSteps`) are built on both.
 */
export const resourceCalls = {
  createIncomingPayment(walletAddress: WalletAddress, options: IncomingPaymentOptions): ResourceCall {
    const { incomingValue, expiresAt, marker } = options
    return resourceCalls.createIncomingPaymentWith(walletAddress, {
      ...(incomingValue === undefined ? {} : { incomingAmount: amountIn(walletAddress, incomingValue) }),
      ...(expiresAt === undefined ? {} : { expiresAt: expiresAt.toISOString() }),
      ...(marker === undefined ? {} : { metadata: markerMetadata(marker) }),
    })
  },
  /** A create request with exactly `fields` beside walletAddress, valid or not. */
  createIncomingPaymentWith(walletAddress: WalletAddress, fields: Record<string, unknown>): ResourceCall {
    return {
      operation: OPERATIONS.createIncomingPayment,
      method: 'POST',
      url: resourceUrl(walletAddress, 'incoming-payments'),
      json: { walletAddress: walletAddress.id, ...fields },
    }
  },
  listIncomingPayments(walletAddress: WalletAddress, first = 20): ResourceCall {
    return {
      operation: OPERATIONS.listIncomingPayments,
      method: 'GET',
      url: listUrl(walletAddress, 'incoming-payments', first),
    }
  },
  getIncomingPayment(id: string): ResourceCall {
    return { operation: OPERATIONS.getIncomingPayment, method: 'GET', url: id }
  },
  completeIncomingPayment(id: string): ResourceCall {
    return { operation: OPERATIONS.completeIncomingPayment, method: 'POST', url: `${id}/complete` }
  },
  createQuote(sender: WalletAddress, receiver: string, amounts: QuoteAmounts): ResourceCall {
    return {
      operation: OPERATIONS.createQuote,
      method: 'POST',
      url: resourceUrl(sender, 'quotes'),
      json: { walletAddress: sender.id, receiver, method: 'ilp', ...amounts },
    }
  },
  getQuote(id: string): ResourceCall {
    return { operation: OPERATIONS.getQuote, method: 'GET', url: id }
  },
  createOutgoingPayment(sender: WalletAddress, quoteId: string, marker: string): ResourceCall {
    return {
      operation: OPERATIONS.createOutgoingPayment,
      method: 'POST',
      url: resourceUrl(sender, 'outgoing-payments'),
      json: { walletAddress: sender.id, quoteId, metadata: markerMetadata(marker) },
    }
  },
  /** Form 2 of outgoing-payment creation, directly from an incoming payment: no quote, a fixed debitAmount. */
  createDirectPayment(
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
  listOutgoingPayments(walletAddress: WalletAddress, first = 20): ResourceCall {
    return {
      operation: OPERATIONS.listOutgoingPayments,
      method: 'GET',
      url: listUrl(walletAddress, 'outgoing-payments', first),
    }
  },
  getOutgoingPayment(id: string): ResourceCall {
    return { operation: OPERATIONS.getOutgoingPayment, method: 'GET', url: id }
  },
  getOutgoingPaymentGrant(walletAddress: WalletAddress): ResourceCall {
    return {
      operation: OPERATIONS.getOutgoingPaymentGrant,
      method: 'GET',
      url: resourceUrl(walletAddress, 'outgoing-payment-grant'),
    }
  },
}

/** An id the target cannot know, at the path the OpenAPI document gives the collection. */
export function unknownId(
  walletAddress: WalletAddress,
  collection: 'incoming-payments' | 'quotes' | 'outgoing-payments',
): string {
  return resourceUrl(walletAddress, `${collection}/${crypto.randomUUID()}`)
}

function listUrl(walletAddress: WalletAddress, path: string, first: number): string {
  const url = new URL(resourceUrl(walletAddress, path))
  url.searchParams.set('wallet-address', walletAddress.id)
  url.searchParams.set('first', String(first))
  return url.href
}
