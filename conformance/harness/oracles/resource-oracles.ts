import type { Exchange } from '../../../clients/src/index.ts'
import type { RequestInput } from '../http/response-checks.ts'
import { OPERATIONS, type OperationRef } from '../openapi/operations.ts'
import { settlementTimeoutMs } from '../target/ase-settings.ts'
import type { ClauseCheck } from './clause-check.ts'
import { GrantLimits } from './grant-limits.ts'
import { createdIncomingPaymentChecks } from './incoming-payment-oracle.ts'
import { IncomingPaymentStates } from './incoming-payment-states.ts'
import { type Created, createdOf, type Kind, sameAsCreatedChecks } from './same-as-created.ts'
import { TokenLifetimes } from './token-lifetimes.ts'
import { UndeliverablePayments } from './undeliverable-payments.ts'

/**
 * What this worker's resources said when they were created, by id: every later view of one, by any test, is held
 * against it. A resource another worker created is not here, and its views are not compared.
 */
const createdHere = new Map<string, Created>()
const undeliverable = new UndeliverablePayments(settlementTimeoutMs())
const incomingStates = new IncomingPaymentStates()
const tokens = new TokenLifetimes()
const limits = new GrantLimits()

/**
 * The run-wide oracles: what the server's resources say and become, judged on every exchange of the run whichever
 * test made it (ConformanceApi.send calls this for each answer). Only answers to valid requests: invalid input is
 * the robustness checks' and the refusal checks' to judge.
 */
export function resourceChecks(
  operation: OperationRef,
  exchange: Exchange,
  input: RequestInput,
  sentAt?: number,
): ClauseCheck[] {
  if (input !== 'valid') return []
  if (exchange.response.status >= 300) return []
  // Without the time the request left (a load engine's exchange), a token's age is not known: nothing is judged.
  const accepted =
    sentAt !== undefined && operation.api === 'resource-server' ? tokens.judge(exchange, sentAt) : []
  return [...accepted, ...viewChecks(operation, exchange, sentAt)]
}

/** What one success answer shows of the resources it is about. */
function viewChecks(operation: OperationRef, exchange: Exchange, sentAt: number | undefined): ClauseCheck[] {
  const { json } = exchange.response
  const items = listItems(json)
  const remember = (kind: Kind, body: unknown) => {
    const created = createdOf(kind, body)
    const id = idOf(body)
    if (created && id) createdHere.set(id, created)
  }
  const asCreated = (ref: ClauseCheck['ref'], view: unknown, where: string) => {
    const created = createdHere.get(idOf(view) ?? '')
    return created ? sameAsCreatedChecks(ref, created, view, where) : []
  }
  switch (operation.operationId) {
    case OPERATIONS.postGrant.operationId:
    case OPERATIONS.postContinue.operationId:
      tokens.answered('grant', exchange, Date.now())
      limits.answered('grant', exchange)
      return []
    case OPERATIONS.rotateToken.operationId:
      tokens.answered('rotate', exchange, Date.now())
      limits.answered('rotate', exchange)
      return []
    case OPERATIONS.revokeToken.operationId:
      tokens.answered('revoke-token', exchange, Date.now())
      return []
    case OPERATIONS.deleteContinue.operationId:
      tokens.answered('revoke-grant', exchange, Date.now())
      return []
    case OPERATIONS.createIncomingPayment.operationId:
      remember('incoming-payment', json)
      undeliverable.sawIncoming(json)
      incomingStates.created(json)
      return createdIncomingPaymentChecks(requestJson(exchange), json)
    case OPERATIONS.getIncomingPayment.operationId:
      undeliverable.sawIncoming(json)
      return [...asCreated('IP-GET#found', json, 'get'), ...incomingStates.judge(json)]
    case OPERATIONS.completeIncomingPayment.operationId:
      undeliverable.sawIncoming(json)
      incomingStates.completeAnswered(json)
      return incomingStates.judge(json)
    case OPERATIONS.listIncomingPayments.operationId:
      return items.flatMap((item) => {
        undeliverable.sawIncoming(item)
        return [...asCreated('IP-LIST', item, `the listed ${idOf(item)}`), ...incomingStates.judge(item)]
      })
    case OPERATIONS.createQuote.operationId:
      remember('quote', json)
      return []
    case OPERATIONS.getQuote.operationId:
      return asCreated('QT-GET#found', json, 'get')
    case OPERATIONS.createOutgoingPayment.operationId:
      remember('outgoing-payment', json)
      undeliverable.sawCreated(json)
      return [...undeliverable.judge(json), ...limits.created(exchange, sentAt)]
    case OPERATIONS.getOutgoingPayment.operationId:
      return [
        ...asCreated('OP-GET#found', json, 'get'),
        ...undeliverable.judge(json),
        ...limits.viewed(json, sentAt),
      ]
    case OPERATIONS.listOutgoingPayments.operationId:
      return items.flatMap((item) => [
        ...asCreated('OP-GET#listed', item, `the listed ${idOf(item)}`),
        ...undeliverable.judge(item),
        ...limits.viewed(item, sentAt),
      ])
    default:
      return []
  }
}

function listItems(body: unknown): unknown[] {
  const items = (body as { result?: unknown } | undefined)?.result
  return Array.isArray(items) ? items : []
}

function idOf(body: unknown): string | undefined {
  const id = (body as { id?: unknown } | undefined)?.id
  return typeof id === 'string' ? id : undefined
}

function requestJson(exchange: Exchange): unknown {
  const body = exchange.request.body
  if (!body) return undefined
  try {
    return JSON.parse(new TextDecoder().decode(body))
  } catch {
    return undefined
  }
}
