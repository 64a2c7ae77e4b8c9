import type { ClauseCheck } from './clause-check.ts'
import { isFullySent } from './payment-amounts.ts'

type Json = Record<string, unknown>

/** What the run has seen of an incoming payment that decides whether a payment into it can still arrive. */
interface ReceiverState {
  completed: boolean
  /** Its expiresAt, in ms since the epoch, when it has one. */
  expiresAt?: number
}

/** An outgoing payment this worker saw created, and when (the suite's clock). */
interface Sent {
  receiver: string
  createdAtMs: number
}

/**
 * How many of the target's settlement times (waits.settlementSeconds) an undeliverable payment is given to be
 * marked failed. The spec sets no time for the marking: one settlement time is what the target says its payments
 * take, and a payment marked failed a little later is allowed (variant failure-marked-late); one still unmarked
 * after twice that, its receiver taking nothing more, is the deviation (mutant failed-payment-not-marked).
 */
const UNMARKED_AFTER_SETTLEMENTS = 2

/**
 * OP-FAILED over every exchange of the run: an outgoing payment whose receiver can take nothing more (seen
 * completed by any view, or past its expiresAt) can no longer be delivered; once twice the target's own settlement
 * time has passed since its creation, a view of it that is neither fully sent nor failed breaks OP-FAILED,
 * whichever test read it; a view marked failed shows the clause holding. A payment into a receiver that may still
 * take it is another matter (OP-PROCESS, a slow settlement), judged by no oracle here.
 */
export class UndeliverablePayments {
  readonly #receivers = new Map<string, ReceiverState>()
  readonly #sent = new Map<string, Sent>()

  constructor(
    private readonly settlementMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Any view of an incoming payment: a get, a list item, a create or a complete answer. */
  sawIncoming(view: unknown): void {
    const body = asObject(view)
    if (!body || typeof body.id !== 'string') return
    const known = this.#receivers.get(body.id)
    const expiresAt = typeof body.expiresAt === 'string' ? Date.parse(body.expiresAt) : undefined
    this.#receivers.set(body.id, {
      completed: known?.completed === true || body.completed === true,
      ...(expiresAt !== undefined && !Number.isNaN(expiresAt) ? { expiresAt } : {}),
    })
  }

  /** A 201 to a create-outgoing-payment request. */
  sawCreated(view: unknown): void {
    const body = asObject(view)
    if (!body || typeof body.id !== 'string' || typeof body.receiver !== 'string') return
    if (!this.#sent.has(body.id))
      this.#sent.set(body.id, { receiver: body.receiver, createdAtMs: this.now() })
  }

  /** Any later view of an outgoing payment: what OP-FAILED's clause says of it, if anything. */
  judge(view: unknown): ClauseCheck[] {
    const body = asObject(view)
    if (!body || typeof body.id !== 'string') return []
    if (body.failed === true)
      return [{ ref: 'OP-FAILED', holds: true, line: `${body.id} is marked failed: true` }]
    const sent = this.#sent.get(body.id)
    if (!sent || fullySent(body)) return []
    const waited = this.now() - sent.createdAtMs
    if (waited < UNMARKED_AFTER_SETTLEMENTS * this.settlementMs) return []
    const why = this.#undeliverable(sent.receiver)
    if (!why) return []
    return [
      {
        ref: 'OP-FAILED',
        holds: false,
        line:
          `${body.id} can no longer be delivered (${why}) and, ${Math.round(waited / 1000)} s after its creation ` +
          `(twice waits.settlementSeconds, ${this.settlementMs / 1000} s), it is neither sent in full nor failed: ` +
          `sentAmount ${JSON.stringify(body.sentAmount)} of debitAmount ${JSON.stringify(body.debitAmount)}, failed ${JSON.stringify(body.failed)}`,
      },
    ]
  }

  #undeliverable(receiver: string): string | undefined {
    const state = this.#receivers.get(receiver)
    if (!state) return undefined
    if (state.completed) return `its receiver ${receiver} is completed`
    // After expiresAt the receiver takes nothing more; a settlement's time past it absorbs clocks that differ.
    if (state.expiresAt !== undefined && this.now() > state.expiresAt + this.settlementMs)
      return `its receiver ${receiver} expired at ${new Date(state.expiresAt).toISOString()}`
    return undefined
  }
}

/** Sent in full as isFullySent says, for a body whose amounts have the shape the schema gives them. */
function fullySent(body: Json): boolean {
  const amounts = [body.sentAmount, body.debitAmount, body.receiveAmount].map(asObject)
  const shaped = amounts.every(
    (a) => a && typeof a.value === 'string' && /^\d+$/.test(a.value) && typeof a.assetCode === 'string',
  )
  // A body the schema checks reject is theirs to judge: here it counts as sent, so no oracle charges it twice.
  if (!shaped) return true
  return isFullySent(body as Parameters<typeof isFullySent>[0])
}

function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined
}
