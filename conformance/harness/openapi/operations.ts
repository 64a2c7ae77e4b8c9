import type { ApiName } from './load-openapi.ts'

export interface OperationRef {
  api: ApiName
  operationId: string
}

const resource = (operationId: string): OperationRef => ({ api: 'resource-server', operationId })
const auth = (operationId: string): OperationRef => ({ api: 'auth-server', operationId })
const walletAddress = (operationId: string): OperationRef => ({ api: 'wallet-address-server', operationId })

/** The operations of the official OpenAPI documents the suite calls, by their operationId. */
export const OPERATIONS = {
  getWalletAddress: walletAddress('get-wallet-address'),
  getWalletAddressKeys: walletAddress('get-wallet-address-keys'),
  postGrant: auth('post-request'),
  postContinue: auth('post-continue'),
  deleteContinue: auth('delete-continue'),
  rotateToken: auth('post-token'),
  revokeToken: auth('delete-token'),
  createIncomingPayment: resource('create-incoming-payment'),
  listIncomingPayments: resource('list-incoming-payments'),
  getIncomingPayment: resource('get-incoming-payment'),
  completeIncomingPayment: resource('complete-incoming-payment'),
  createQuote: resource('create-quote'),
  getQuote: resource('get-quote'),
  createOutgoingPayment: resource('create-outgoing-payment'),
  listOutgoingPayments: resource('list-outgoing-payments'),
  getOutgoingPayment: resource('get-outgoing-payment'),
  getOutgoingPaymentGrant: resource('get-outgoing-payment-grant'),
} as const satisfies Record<string, OperationRef>
