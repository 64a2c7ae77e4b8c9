import { OPERATIONS } from '../openapi/operations.ts'
import type { RuleId } from './registry.ts'

/**
 * The rule a valid request to each operation checks: a server error in answer to a valid request fails this rule
 * (what the operation is for), not a generic one.
 */
const RULE_OF: Record<keyof typeof OPERATIONS, RuleId> = {
  getWalletAddress: 'WA-DOC',
  getWalletAddressKeys: 'WA-JWKS',
  postGrant: 'GNAP-GRANT-IMMEDIATE',
  postContinue: 'CONT-SUCCESS',
  deleteContinue: 'TOKEN-REVOKE',
  rotateToken: 'TOKEN-ROTATE',
  revokeToken: 'TOKEN-REVOKE',
  createIncomingPayment: 'IP-CREATE',
  listIncomingPayments: 'IP-LIST',
  getIncomingPayment: 'IP-GET',
  completeIncomingPayment: 'IP-COMPLETE',
  createQuote: 'QT-CREATE',
  getQuote: 'QT-GET',
  createOutgoingPayment: 'OP-CREATE-QUOTE',
  listOutgoingPayments: 'OP-GET',
  getOutgoingPayment: 'OP-GET',
  getOutgoingPaymentGrant: 'GSA-GET',
}

const BY_OPERATION_ID = new Map(
  Object.entries(RULE_OF).map(([name, id]) => [OPERATIONS[name as keyof typeof OPERATIONS].operationId, id]),
)

export function operationRule(operationId: string): RuleId {
  const id = BY_OPERATION_ID.get(operationId)
  if (!id) throw new Error(`operationRule(): no rule for operation "${operationId}"`)
  return id
}
