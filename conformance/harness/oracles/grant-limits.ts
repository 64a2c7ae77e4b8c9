import type { Exchange } from '../../../clients/src/index.ts'
import type { ClauseCheck } from './clause-check.ts'
import { amountOf, type Grant, GrantedLimits, type LimitAmount } from './granted-limits.ts'
import { isFullySent } from './payment-amounts.ts'
import { presentedToken } from './presented-token.ts'

type Side = 'debitAmount' | 'receiveAmount'

/** An outgoing payment created under a grant with limits, and what the run has learnt of its reservation since. */
interface Payment {
  id: string
  grant: Grant
  amounts: Partial<Record<Side, LimitAmount>>
  /** When its create request left (-Infinity when unknown: then no payment counts as made before it). */
  sentAt: number
  /** When its 201 arrived. */
  createdBy: number
  failed: boolean
  /** Seen sent in full: it never fails, so it holds its reservation from its creation on. */
  sent: boolean
  /** The latest time a request left whose answer showed it not failed (failed is final: not failed before it). */
  notFailedAt: number
  /** The sides whose limit it was already found to break, each reported once. */
  reported: Set<Side>
}

/**
 * LIM-RECEIVER and LIM-AMOUNT over every exchange of the run, for grants whose limits the run saw granted
 * (GrantedLimits). A payment created under a grant limited to a receiver, into another one, breaks LIM-RECEIVER.
 * A payment C created under a grant with a debitAmount (receiveAmount) limit breaks LIM-AMOUNT when its amount plus
 * those of the grant's payments that surely held their reservation when C was accepted exceeds the limit: each P
 * created before C's request left and known not failed when C's answer arrived (seen sent in full, or seen not
 * failed by a read sent after that answer). A payment that failed unseen is never counted, so a server that
 * released its reservation is never charged for it; a creation waits for such reads and is judged again when one
 * comes. Grants with an interval are not judged on amounts: which interval a payment falls in is the server's clock
 * to say, and a boundary between two payments would make their sum mean nothing. Amounts in another asset than the
 * limit's are not counted. Only breaks are recorded: a payment within the limit exercises no refusal, and the
 * rules' own tests, which see the refusals, show them holding.
 */
export class GrantLimits {
  readonly #granted = new GrantedLimits()
  readonly #payments = new Map<string, Payment>()

  constructor(private readonly now: () => number = Date.now) {}

  /** A success answer to a grant request or a continuation ('grant'), or to a rotation ('rotate'). */
  answered(operation: 'grant' | 'rotate', exchange: Exchange): void {
    this.#granted.answered(operation, exchange)
  }

  /** A 201 to a create-outgoing-payment request that left at `sentAt`. */
  created(exchange: Exchange, sentAt: number | undefined): ClauseCheck[] {
    const grant = this.#granted.grantOf(presentedToken(exchange))
    const body = asObject(exchange.response.json)
    if (!grant?.limits || grant.ambiguous || !body || typeof body.id !== 'string') return []
    if (this.#payments.has(body.id)) return []
    const payment: Payment = {
      id: body.id,
      grant,
      amounts: sides(body),
      sentAt: sentAt ?? Number.NEGATIVE_INFINITY,
      createdBy: this.now(),
      failed: body.failed === true,
      sent: sentInFull(body),
      notFailedAt: Number.NEGATIVE_INFINITY,
      reported: new Set(),
    }
    this.#payments.set(body.id, payment)
    return [...receiverChecks(grant, body), ...this.#judgeGrant(grant)]
  }

  /** A view of an outgoing payment (a get, a list item) whose request left at `sentAt`. */
  viewed(view: unknown, sentAt: number | undefined): ClauseCheck[] {
    const body = asObject(view)
    const payment = typeof body?.id === 'string' ? this.#payments.get(body.id) : undefined
    if (!body || !payment) return []
    if (body.failed === true) payment.failed = true
    else if (body.failed === false) {
      if (sentAt !== undefined) payment.notFailedAt = Math.max(payment.notFailedAt, sentAt)
      if (sentInFull(body)) payment.sent = true
    }
    return this.#judgeGrant(payment.grant)
  }

  /** Every creation of the grant not yet found beyond a limit, judged on what the run now knows. */
  #judgeGrant(grant: Grant): ClauseCheck[] {
    const { limits } = grant
    if (!limits || limits.interval !== undefined) return []
    const mine = [...this.#payments.values()].filter((payment) => payment.grant === grant)
    const checks: ClauseCheck[] = []
    for (const side of ['debitAmount', 'receiveAmount'] as const) {
      const limit = limits[side]
      // The usual case, settled at once: everything the grant was seen to pay fits within the limit.
      if (!limit || total(side, limit, mine) <= limit.value) continue
      for (const payment of mine.filter((p) => !p.reported.has(side))) {
        const check = beyond(side, limit, payment, mine)
        if (!check) continue
        payment.reported.add(side)
        checks.push(check)
      }
    }
    return checks
  }
}

/** The finding when `payment` and what surely held a reservation beside it exceed `limit`. */
function beyond(side: Side, limit: LimitAmount, payment: Payment, all: Payment[]): ClauseCheck | undefined {
  const own = payment.amounts[side]
  if (!own || !sameAsset(own, limit)) return undefined
  const held = all.filter((other) => {
    const amount = other.amounts[side]
    return (
      other !== payment &&
      amount !== undefined &&
      sameAsset(amount, limit) &&
      other.createdBy <= payment.sentAt &&
      !other.failed &&
      (other.sent || other.notFailedAt >= payment.createdBy)
    )
  })
  const before = held.reduce((sum, other) => sum + (other.amounts[side]?.value ?? 0n), 0n)
  if (own.value + before <= limit.value) return undefined
  const others = held.map((other) => `${other.id} (${other.amounts[side]?.value})`).join(', ')
  const line =
    `${payment.id}, of ${side} ${own.value} ${limit.assetCode}/${limit.assetScale}, was created under a grant ` +
    `whose ${side} limit is ${limit.value}` +
    (held.length > 0
      ? `, beside ${others}, created before its request left and not failed when it was accepted: ${own.value + before} in all`
      : '')
  return { ref: 'LIM-AMOUNT', holds: false, line }
}

function total(side: Side, limit: LimitAmount, payments: Payment[]): bigint {
  return payments.reduce((sum, payment) => {
    const amount = payment.amounts[side]
    return amount && !payment.failed && sameAsset(amount, limit) ? sum + amount.value : sum
  }, 0n)
}

function receiverChecks(grant: Grant, body: Record<string, unknown>): ClauseCheck[] {
  const named = grant.limits?.receiver
  if (named === undefined || typeof body.receiver !== 'string') return []
  if (sameUrl(named, body.receiver)) return []
  const line = `${body.id} was created to ${body.receiver} under a grant limited to the receiver ${named}`
  return [{ ref: 'LIM-RECEIVER', holds: false, line }]
}

/** The same URL once parsed (case of the host, default port, a trailing slash): a server may write it either way. */
function sameUrl(a: string, b: string): boolean {
  const normal = (url: string) => {
    try {
      return new URL(url).href.replace(/\/$/, '')
    } catch {
      return url
    }
  }
  return normal(a) === normal(b)
}

function sides(body: Record<string, unknown>): Partial<Record<Side, LimitAmount>> {
  const debit = amountOf(body.debitAmount)
  const receive = amountOf(body.receiveAmount)
  return { ...(debit ? { debitAmount: debit } : {}), ...(receive ? { receiveAmount: receive } : {}) }
}

function sameAsset(a: LimitAmount, b: LimitAmount): boolean {
  return a.assetCode === b.assetCode && a.assetScale === b.assetScale
}

/** Sent in full as isFullySent says, for a body whose amounts have the schema's shape (else: not known sent). */
function sentInFull(body: Record<string, unknown>): boolean {
  const [sent, debit, receive] = [body.sentAmount, body.debitAmount, body.receiveAmount].map(amountOf)
  if (!sent || !debit || !receive) return false
  const plain = (a: LimitAmount) => ({ ...a, value: a.value.toString() })
  return isFullySent({ sentAmount: plain(sent), debitAmount: plain(debit), receiveAmount: plain(receive) })
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}
