import { amountIn, type Discovery } from '../harness/discovery/discovery.ts'
import type { SharedGrants } from '../harness/gnap/shared-grants.ts'
import { OPERATIONS, type OperationRef } from '../harness/openapi/operations.ts'
import { tooOldToPay } from './quote-clock.ts'
import { type ResourceCall, resourceCalls } from './resource-calls.ts'
import type { Resources } from './resources.ts'

export type TokenKind = 'incoming-payment' | 'quote' | 'outgoing-payment'

export interface OperationContext {
  discovery: Discovery
  resources: Resources
  sharedGrants: SharedGrants
  /** Unique to the test; put on what the call creates. */
  marker: string
}

/** One resource operation, as the authentication and signature matrices exercise it. */
export interface OperationCase {
  operation: OperationRef
  /** The grant type whose token the operation needs. */
  token: TokenKind
  /** Status of the correct call (the positive control). */
  success: number
  /** A correct call; creates, with the shared grants, whatever it reads or completes. */
  prepare(context: OperationContext): Promise<ResourceCall>
  /**
   * For creating operations: the list that would show what the call created. Quotes have no list operation,
   * so a refused quote creation cannot be shown to have created nothing.
   */
  listing?(context: OperationContext): ResourceCall
  /**
   * For operations that change what they act on (complete): whether `call` changed it. Creating operations
   * use `listing` instead.
   */
  changed?(context: OperationContext, call: ResourceCall): Promise<boolean>
  /** Answers a request without a token with the public view (get-incoming-payment). */
  publicView?: true
  /** The prepared call succeeds however often it is sent: a worker may prepare it once and share it. */
  repeatable?: true
  /**
   * Whether the prepared call will soon stop being correct by itself (the quote it pays is near its expiresAt):
   * a request sent with it then is prepared again, so that it differs from a correct one only where it means to.
   */
  stale?(call: ResourceCall): boolean
}

/** Whether `call` (of `operationCase`) took effect: created what it asks for or changed what it acts on. */
export function effectProbe(
  operationCase: OperationCase,
  context: OperationContext,
  call: ResourceCall,
): (() => Promise<boolean>) | undefined {
  const { listing, changed } = operationCase
  if (listing) {
    return async () =>
      context.resources.listed(
        listing(context),
        await context.sharedGrants.token(operationCase.token),
        context.marker,
      )
  }
  return changed && (() => changed(context, call))
}

async function incomingPaymentId({ discovery, resources, sharedGrants }: OperationContext): Promise<string> {
  const token = await sharedGrants.token('incoming-payment')
  // Room for the quote of one unit the quote and outgoing-payment cases make to it.
  const value = 100n * discovery.unit
  return (await resources.createIncomingPayment(token, discovery.receiver, { incomingValue: value })).id
}

async function quoteId(context: OperationContext): Promise<string> {
  const receiver = await incomingPaymentId(context)
  const token = await context.sharedGrants.token('quote')
  const { sender, unit } = context.discovery
  return (
    await context.resources.createQuote(token, sender, receiver, { debitAmount: amountIn(sender, unit) })
  ).id
}

async function outgoingPaymentId(context: OperationContext): Promise<string> {
  // The grant first: its consent must not eat into the quote's lifetime.
  const token = await context.sharedGrants.token('outgoing-payment')
  const quote = await quoteId(context)
  return (await context.resources.createOutgoingPayment(token, context.discovery.sender, quote)).id
}

export const OPERATION_CASES: readonly OperationCase[] = [
  {
    operation: OPERATIONS.createIncomingPayment,
    token: 'incoming-payment',
    success: 201,
    prepare: async ({ discovery, marker }) =>
      resourceCalls.createIncomingPayment(discovery.receiver, { incomingValue: 100n, marker }),
    listing: ({ discovery }) => resourceCalls.listIncomingPayments(discovery.receiver, 100),
  },
  {
    operation: OPERATIONS.listIncomingPayments,
    token: 'incoming-payment',
    success: 200,
    prepare: async ({ discovery }) => resourceCalls.listIncomingPayments(discovery.receiver),
    repeatable: true,
  },
  {
    operation: OPERATIONS.getIncomingPayment,
    token: 'incoming-payment',
    success: 200,
    prepare: async (context) => resourceCalls.getIncomingPayment(await incomingPaymentId(context)),
    publicView: true,
    repeatable: true,
  },
  {
    operation: OPERATIONS.completeIncomingPayment,
    token: 'incoming-payment',
    success: 200,
    prepare: async (context) => resourceCalls.completeIncomingPayment(await incomingPaymentId(context)),
    changed: async ({ resources, sharedGrants }, call) => {
      const read = await resources.send(
        resourceCalls.getIncomingPayment(call.url.replace(/\/complete$/, '')),
        await sharedGrants.token('incoming-payment'),
      )
      return (read.response.json as { completed?: unknown } | undefined)?.completed === true
    },
  },
  {
    operation: OPERATIONS.createQuote,
    token: 'quote',
    success: 201,
    prepare: async (context) =>
      resourceCalls.createQuote(context.discovery.sender, await incomingPaymentId(context), {
        debitAmount: amountIn(context.discovery.sender, context.discovery.unit),
      }),
    repeatable: true,
  },
  {
    operation: OPERATIONS.getQuote,
    token: 'quote',
    success: 200,
    prepare: async (context) => resourceCalls.getQuote(await quoteId(context)),
    repeatable: true,
  },
  {
    operation: OPERATIONS.createOutgoingPayment,
    token: 'outgoing-payment',
    success: 201,
    prepare: async (context) => {
      // The grant first: its consent must not eat into the quote's lifetime.
      await context.sharedGrants.outgoingPayment()
      return resourceCalls.createOutgoingPayment(
        context.discovery.sender,
        await quoteId(context),
        context.marker,
      )
    },
    listing: ({ discovery }) => resourceCalls.listOutgoingPayments(discovery.sender, 100),
    stale: (call) => tooOldToPay(String((call.json as { quoteId?: unknown }).quoteId)),
  },
  {
    operation: OPERATIONS.listOutgoingPayments,
    token: 'outgoing-payment',
    success: 200,
    prepare: async ({ discovery }) => resourceCalls.listOutgoingPayments(discovery.sender),
    repeatable: true,
  },
  {
    operation: OPERATIONS.getOutgoingPayment,
    token: 'outgoing-payment',
    success: 200,
    prepare: async (context) => resourceCalls.getOutgoingPayment(await outgoingPaymentId(context)),
    repeatable: true,
  },
  {
    operation: OPERATIONS.getOutgoingPaymentGrant,
    token: 'outgoing-payment',
    success: 200,
    prepare: async ({ discovery }) => resourceCalls.getOutgoingPaymentGrant(discovery.sender),
    repeatable: true,
  },
]
