import type { ClauseCheck } from './clause-check.ts'

type Json = Record<string, unknown>

/** What the run knows of an incoming payment this worker created: what completes it, and what it has taken. */
interface Tracked {
  /** Its incomingAmount's value, when create gave one. */
  incomingAmount?: bigint
  /** A complete request for it was answered with success: completion no longer says anything of receiving. */
  completeAsked: boolean
  /** The receivedAmount of the first view that showed it completed. */
  receivedWhenCompleted?: bigint
}

/**
 * How an incoming payment's completion follows what it receives, over every view of the run whichever test made
 * it (a get, a list item): IP-COMPLETE-ON-RECEIPT (paid in full, it is completed; not before; without
 * incomingAmount, receiving never completes it) and IP-REJECT-AFTER-COMPLETE (once completed, receivedAmount
 * grows no more). Only payments this worker created are judged, since only their creation says what was asked.
 *
 * A view paid in full but not yet completed is not a failure here: a server may complete a moment after it
 * credits the payment, and the tests that pay in full poll for the completion (PaymentSteps.untilCompleted) and
 * fail the clause when it never comes.
 */
export class IncomingPaymentStates {
  readonly #tracked = new Map<string, Tracked>()

  /** A 201 to a create-incoming-payment request. */
  created(view: unknown): void {
    const body = asObject(view)
    if (!body || typeof body.id !== 'string') return
    const incomingAmount = amountValue(body.incomingAmount)
    this.#tracked.set(body.id, {
      completeAsked: false,
      ...(incomingAmount !== undefined ? { incomingAmount } : {}),
    })
  }

  /** A success answer to a complete request: the payment was completed by request, not by receiving. */
  completeAnswered(view: unknown): void {
    const body = asObject(view)
    const tracked = typeof body?.id === 'string' ? this.#tracked.get(body.id) : undefined
    if (tracked) tracked.completeAsked = true
  }

  /** Any later view of an incoming payment: what the two rules' clauses say of it, if anything. */
  judge(view: unknown): ClauseCheck[] {
    const body = asObject(view)
    if (!body || typeof body.id !== 'string') return []
    const tracked = this.#tracked.get(body.id)
    const received = amountValue(body.receivedAmount)
    if (!tracked || received === undefined || typeof body.completed !== 'boolean') return []
    return [
      ...this.#afterCompletion(body.id, tracked, received, body.completed),
      ...onReceipt(body.id, tracked, received, body.completed),
    ]
  }

  #afterCompletion(id: string, tracked: Tracked, received: bigint, completed: boolean): ClauseCheck[] {
    const before = tracked.receivedWhenCompleted
    if (before === undefined) {
      if (completed) tracked.receivedWhenCompleted = received
      return []
    }
    if (received <= before) return []
    return [
      {
        ref: 'IP-REJECT-AFTER-COMPLETE',
        holds: false,
        line: `${id} was seen completed with receivedAmount ${before}, and later with ${received}: it took a payment after completion`,
      },
    ]
  }
}

function onReceipt(id: string, tracked: Tracked, received: bigint, completed: boolean): ClauseCheck[] {
  if (tracked.completeAsked) return []
  const { incomingAmount } = tracked
  if (incomingAmount === undefined) {
    if (received === 0n) return []
    const line = `${id}, created without incomingAmount and never completed by request, has received ${received}: completed ${completed}`
    return [{ ref: 'IP-COMPLETE-ON-RECEIPT#open-without-amount', holds: !completed, line }]
  }
  if (received >= incomingAmount && completed) {
    const line = `${id} has received ${received} of its incomingAmount ${incomingAmount}: completed`
    return [{ ref: 'IP-COMPLETE-ON-RECEIPT#reaches-amount', holds: true, line }]
  }
  if (received < incomingAmount && completed) {
    const line = `${id} shows completed with ${received} of its incomingAmount ${incomingAmount} received, and no complete request was made`
    return [{ ref: 'IP-COMPLETE-ON-RECEIPT#reaches-amount', holds: false, line }]
  }
  return []
}

/** An amount's value as a number, for a body whose amount has the shape the schema gives it. */
function amountValue(amount: unknown): bigint | undefined {
  const value = asObject(amount)?.value
  return typeof value === 'string' && /^\d+$/.test(value) ? BigInt(value) : undefined
}

function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined
}
