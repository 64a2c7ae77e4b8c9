import type { Exchange } from '../../../clients/src/index.ts'
import type { RequestInput } from '../http/response-checks.ts'
import { OPERATIONS, type OperationRef } from '../openapi/operations.ts'
import { settlementTimeoutMs } from '../target/ase-settings.ts'
import type { ClauseCheck } from './clause-check.ts'
import {
  type CreatedIncomingPayment,
  createdIncomingPaymentChecks,
  fixedFieldsOf,
  sameAsCreatedChecks,
} from './incoming-payment-oracle.ts'
import { UndeliverablePayments } from './undeliverable-payments.ts'

/**
 * What this worker's incoming payments said when they were created, by id: every later view of one, by any test,
 * is held against it. A payment another worker created is not here, and its views are not compared.
 */
const createdHere = new Map<string, CreatedIncomingPayment>()
const undeliverable = new UndeliverablePayments(settlementTimeoutMs())

/**
 * The run-wide oracles: what the server's resources say and become, judged on every exchange of the run whichever
 * test made it (ConformanceApi.send calls this for each answer). Only answers to valid requests: invalid input is
 * the robustness checks' and the refusal checks' to judge.
 */
export function resourceChecks(
  operation: OperationRef,
  exchange: Exchange,
  input: RequestInput,
): ClauseCheck[] {
  if (input !== 'valid') return []
  const { status, json } = exchange.response
  if (status >= 300) return []
  const items = listItems(json)
  switch (operation.operationId) {
    case OPERATIONS.createIncomingPayment.operationId: {
      const fixed = fixedFieldsOf(json)
      const id = idOf(json)
      if (fixed && id) createdHere.set(id, fixed)
      undeliverable.sawIncoming(json)
      return createdIncomingPaymentChecks(requestJson(exchange), json)
    }
    case OPERATIONS.getIncomingPayment.operationId: {
      undeliverable.sawIncoming(json)
      const created = createdHere.get(idOf(json) ?? exchange.request.url)
      return created ? sameAsCreatedChecks('IP-GET#found', created, json, 'get') : []
    }
    case OPERATIONS.completeIncomingPayment.operationId:
      undeliverable.sawIncoming(json)
      return []
    case OPERATIONS.listIncomingPayments.operationId:
      return items.flatMap((item) => {
        undeliverable.sawIncoming(item)
        const created = createdHere.get(idOf(item) ?? '')
        return created ? sameAsCreatedChecks('IP-LIST', created, item, `the listed ${idOf(item)}`) : []
      })
    case OPERATIONS.createOutgoingPayment.operationId:
      undeliverable.sawCreated(json)
      return undeliverable.judge(json)
    case OPERATIONS.getOutgoingPayment.operationId:
      return undeliverable.judge(json)
    case OPERATIONS.listOutgoingPayments.operationId:
      return items.flatMap((item) => undeliverable.judge(item))
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
