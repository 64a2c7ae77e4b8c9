import type { ClauseCheck } from './clause-check.ts'
import { isDateTime } from './clause-check.ts'

type Json = Record<string, unknown>
type Amount = { value?: unknown; assetCode?: unknown; assetScale?: unknown }

const asObject = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined

/** Two amounts say the same: one value (as an unsigned integer: "0100" is 100), one asset. */
export function sameAmount(a: unknown, b: unknown): boolean {
  const [x, y] = [asObject(a) as Amount | undefined, asObject(b) as Amount | undefined]
  if (!x || !y) return false
  return (
    uintOf(x.value) !== undefined &&
    uintOf(x.value) === uintOf(y.value) &&
    x.assetCode === y.assetCode &&
    x.assetScale === y.assetScale
  )
}

function uintOf(value: unknown): bigint | undefined {
  return typeof value === 'string' && /^\d+$/.test(value) ? BigInt(value) : undefined
}

const shown = (value: unknown) => JSON.stringify(value) ?? 'nothing'

/**
 * What a 201 to a valid create-incoming-payment request must say (IP-CREATE's clauses, IP-METADATA's `create`),
 * judged from the request as sent and the answer alone: it holds for any test's create, a set-up step's included.
 */
export function createdIncomingPaymentChecks(sent: unknown, answered: unknown): ClauseCheck[] {
  const request = asObject(sent) ?? {}
  const body = asObject(answered) ?? {}
  const received = asObject(body.receivedAmount) as Amount | undefined
  const checks: ClauseCheck[] = [
    {
      ref: 'IP-CREATE#created',
      holds:
        typeof body.id === 'string' &&
        URL.canParse(body.id) &&
        body.completed === false &&
        uintOf(received?.value) === 0n &&
        isDateTime(body.createdAt),
      line: `create answered id ${shown(body.id)}, completed ${shown(body.completed)}, receivedAmount ${shown(body.receivedAmount)}, createdAt ${shown(body.createdAt)}; a new payment has an id URL, completed false, nothing received, a date-time createdAt`,
    },
    {
      ref: 'IP-CREATE#methods',
      holds: Array.isArray(body.methods) && body.methods.length > 0,
      line: `create answered methods ${shown(body.methods)}; a non-empty methods array is required`,
    },
  ]
  if (typeof request.walletAddress === 'string')
    checks.push({
      ref: 'IP-CREATE#wallet-address',
      holds: body.walletAddress === request.walletAddress,
      line: `created on walletAddress ${shown(body.walletAddress)} for the requested ${shown(request.walletAddress)}`,
    })
  // An incomingAmount the request did not give is one the client never asked for: the payment would complete
  // on an amount nobody set (a server that ignores the body answers its own).
  checks.push({
    ref: 'IP-CREATE#echo-incoming-amount',
    holds:
      request.incomingAmount === undefined
        ? body.incomingAmount === undefined
        : sameAmount(body.incomingAmount, request.incomingAmount),
    line: `create returned incomingAmount ${shown(body.incomingAmount)} for the requested ${shown(request.incomingAmount)}`,
  })
  if (typeof request.expiresAt === 'string' && !Number.isNaN(Date.parse(request.expiresAt)))
    checks.push({
      ref: 'IP-CREATE#echo-expires-at',
      holds:
        isDateTime(body.expiresAt) && Date.parse(String(body.expiresAt)) <= Date.parse(request.expiresAt),
      line: `create returned expiresAt ${shown(body.expiresAt)} for the requested ${shown(request.expiresAt)}; it may be earlier, never later`,
    })
  if (asObject(request.metadata) && Object.keys(request.metadata as Json).length > 0)
    checks.push({
      ref: 'IP-METADATA#create',
      holds: sameJson(body.metadata, request.metadata),
      line: `create returned metadata ${shown(body.metadata)} for the requested ${shown(request.metadata)}`,
    })
  return checks
}

/** Deep equality of JSON values, whatever the order of object members. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]))
    )
  const [x, y] = [asObject(a), asObject(b)]
  if (x && y) {
    const keys = Object.keys(x)
    return keys.length === Object.keys(y).length && keys.every((k) => k in y && sameJson(x[k], y[k]))
  }
  return a === b
}
