import type { IncomingPayment } from '@interledger/open-payments'
import {
  amountIn,
  type Discovery,
  grantRequest,
  incomingPaymentAccess,
  markerMetadata,
  OPERATIONS,
  type OperationRef,
  type ResourceCall,
  type RuleId,
  resourceCalls,
  resourceUrl,
} from '../../fixtures/conformance-test.ts'
import { breakableMembers, type RequestSchemas } from '../../harness/openapi/breakable-members.ts'
import type { BreakableBody } from './break-request.ts'

/** A create (or grant request) whose body the malformed-input property breaks. */
export interface CreateTarget extends BreakableBody {
  name: string
  operation: OperationRef
  url: string
  token: string | undefined
}

/** A list whose query the property breaks. */
export interface ListTarget {
  name: string
  list: ResourceCall
  token: string
}

export interface MalformedTargets {
  /** The incoming-payment create first: the property's positive control sends it unbroken. */
  creates: [CreateTarget, ...CreateTarget[]]
  lists: ListTarget[]
}

/**
 * The correct requests the property starts from, each with the members it may break (read from the operation's
 * request schema) and the rule a refusal answers to; the bodies carry `marker` in their metadata, so a walk of
 * the lists finds whatever a broken one created: that metadata is never broken.
 */
export function malformedTargets(
  { sender, receiver, unit }: Discovery,
  tokens: { incoming: string; quote: string; outgoing: string },
  incoming: IncomingPayment,
  client: string,
  marker: string,
  schemas: RequestSchemas,
): MalformedTargets {
  const target = (
    name: string,
    operation: OperationRef,
    call: { url: string; token: string | undefined; body: Record<string, unknown> },
    rule: RuleId,
  ): CreateTarget => ({
    name,
    operation,
    ...call,
    ...breakableMembers(schemas, operation, call.body, ['metadata']),
    rule,
  })
  const creates: [CreateTarget, ...CreateTarget[]] = [
    target(
      'incoming payment',
      OPERATIONS.createIncomingPayment,
      {
        url: resourceUrl(receiver, 'incoming-payments'),
        token: tokens.incoming,
        body: {
          walletAddress: receiver.id,
          incomingAmount: amountIn(receiver, unit),
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          metadata: markerMetadata(marker),
        },
      },
      'IP-CREATE',
    ),
    target(
      'quote',
      OPERATIONS.createQuote,
      {
        url: resourceUrl(sender, 'quotes'),
        token: tokens.quote,
        body: {
          walletAddress: sender.id,
          receiver: incoming.id,
          method: 'ilp',
          debitAmount: amountIn(sender, unit),
        },
      },
      'QT-CREATE',
    ),
    target(
      'outgoing payment',
      OPERATIONS.createOutgoingPayment,
      {
        url: resourceUrl(sender, 'outgoing-payments'),
        token: tokens.outgoing,
        body: {
          walletAddress: sender.id,
          incomingPayment: incoming.id,
          debitAmount: amountIn(sender, unit),
          metadata: markerMetadata(marker),
        },
      },
      'OP-CREATE-INCOMING',
    ),
    target(
      'grant request',
      OPERATIONS.postGrant,
      {
        url: receiver.authServer,
        token: undefined,
        body: { ...grantRequest(client, [incomingPaymentAccess(receiver)]) },
      },
      'GNAP-GRANT-INVALID',
    ),
  ]
  const lists: ListTarget[] = [
    { name: 'incoming payments', list: resourceCalls.listIncomingPayments(receiver), token: tokens.incoming },
    { name: 'outgoing payments', list: resourceCalls.listOutgoingPayments(sender), token: tokens.outgoing },
  ]
  return { creates, lists }
}
