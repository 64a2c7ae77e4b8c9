import type { Exchange } from '../../../clients/src/index.ts'
import { presentedToken } from './presented-token.ts'

export interface LimitAmount {
  value: bigint
  assetCode: string
  assetScale: number
}

/** The outgoing-payment limits a grant's tokens carry, as its answers gave them. */
export interface Limits {
  receiver?: string
  interval?: string
  debitAmount?: LimitAmount
  receiveAmount?: LimitAmount
}

/**
 * One grant as the run saw it. `limits` is undefined while no token of it carries an outgoing-payment access, and
 * `ambiguous` once its tokens say different things (two outgoing-payment entries in one token, or tokens whose
 * limits differ): which limit a payment counts against is then the server's to pick, and nothing is judged.
 */
export interface Grant {
  id: number
  limits?: Limits
  ambiguous: boolean
}

/**
 * Which grant each access token belongs to, and the outgoing-payment limits the grant's answers granted (the
 * `access` of each issued token: what the server says it granted, not what was asked). A grant is followed through
 * its continuation tokens (a continuation answer's tokens belong to the grant of the continuation token presented)
 * and its rotations (the new token belongs to the grant of the token it replaced). A grant the run fails to link
 * is seen as two: each then counts fewer payments, which can hide an overspend but never invent one.
 */
export class GrantedLimits {
  readonly #byToken = new Map<string, Grant>()
  readonly #byContinuation = new Map<string, Grant>()
  #next = 1

  /** A success answer to a grant request, a continuation or a rotation. */
  answered(operation: 'grant' | 'rotate', exchange: Exchange): void {
    const body = asObject(exchange.response.json)
    if (!body) return
    const presented = presentedToken(exchange)
    const known = presented
      ? operation === 'rotate'
        ? this.#byToken.get(presented)
        : this.#byContinuation.get(presented)
      : undefined
    const grant = known ?? { id: this.#next++, ambiguous: false }
    const next = asObject(asObject(body.continue)?.access_token)?.value
    if (typeof next === 'string') this.#byContinuation.set(next, grant)
    const tokens = Array.isArray(body.access_token) ? body.access_token : [body.access_token]
    for (const token of tokens.map(asObject)) {
      if (!token || typeof token.value !== 'string') continue
      this.#byToken.set(token.value, grant)
      learn(grant, token.access)
    }
  }

  grantOf(token: string | undefined): Grant | undefined {
    return token === undefined ? undefined : this.#byToken.get(token)
  }
}

function learn(grant: Grant, access: unknown): void {
  const entries = (Array.isArray(access) ? access : [])
    .map(asObject)
    .filter((entry) => entry?.type === 'outgoing-payment')
  if (entries.length === 0) return
  const limits = entries.length === 1 ? limitsOf(entries[0]?.limits) : undefined
  if (!limits) {
    grant.ambiguous = true
    return
  }
  if (grant.limits && key(grant.limits) !== key(limits)) grant.ambiguous = true
  grant.limits = limits
}

/** An entry's limits; undefined when a member is not what the spec describes (nothing is judged then). */
function limitsOf(value: unknown): Limits | undefined {
  if (value === undefined) return {}
  const limits = asObject(value)
  if (!limits) return undefined
  const { receiver, interval } = limits
  if (receiver !== undefined && typeof receiver !== 'string') return undefined
  if (interval !== undefined && typeof interval !== 'string') return undefined
  const debitAmount = amountOf(limits.debitAmount)
  const receiveAmount = amountOf(limits.receiveAmount)
  if (debitAmount === null || receiveAmount === null) return undefined
  return {
    ...(receiver !== undefined ? { receiver } : {}),
    ...(interval !== undefined ? { interval } : {}),
    ...(debitAmount ? { debitAmount } : {}),
    ...(receiveAmount ? { receiveAmount } : {}),
  }
}

/** An amount of the schema's shape; undefined when absent, null when present but unreadable. */
export function amountOf(value: unknown): LimitAmount | undefined | null {
  if (value === undefined) return undefined
  const amount = asObject(value)
  if (
    !amount ||
    typeof amount.value !== 'string' ||
    !/^\d+$/.test(amount.value) ||
    typeof amount.assetCode !== 'string' ||
    typeof amount.assetScale !== 'number'
  )
    return null
  return { value: BigInt(amount.value), assetCode: amount.assetCode, assetScale: amount.assetScale }
}

function key(limits: Limits): string {
  return JSON.stringify(limits, (_, v) => (typeof v === 'bigint' ? v.toString() : v))
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}
