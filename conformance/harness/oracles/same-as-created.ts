import type { ClauseCheck } from './clause-check.ts'
import { sameAmount, sameJson } from './incoming-payment-oracle.ts'

type Json = Record<string, unknown>

/** The kinds of resource whose later views are held against create. */
export type Kind = 'incoming-payment' | 'quote' | 'outgoing-payment'

/** The fields of each kind that no later view may change, as create returned them. */
const FIXED: Record<Kind, readonly string[]> = {
  'incoming-payment': ['walletAddress', 'incomingAmount', 'createdAt', 'metadata'],
  quote: ['walletAddress', 'receiver', 'debitAmount', 'receiveAmount', 'createdAt', 'expiresAt'],
  'outgoing-payment': [
    'walletAddress',
    'receiver',
    'quoteId',
    'debitAmount',
    'receiveAmount',
    'createdAt',
    'metadata',
  ],
}
const AMOUNTS = new Set(['incomingAmount', 'debitAmount', 'receiveAmount'])
const INSTANTS = new Set(['createdAt', 'expiresAt'])

/** What create returned of a resource: its kind and its fixed fields. */
export interface Created {
  kind: Kind
  fields: Json
}

export function createdOf(kind: Kind, answered: unknown): Created | undefined {
  const body = asObject(answered)
  if (!body || typeof body.id !== 'string') return undefined
  return { kind, fields: Object.fromEntries(FIXED[kind].filter((k) => k in body).map((k) => [k, body[k]])) }
}

/**
 * A later view of a resource (a get, a list item) against what create returned (`ref`: the clause of the view's
 * rule). A view may leave a field out (the public view of an incoming payment has no walletAddress): the schema
 * checks judge what it must carry; here only what it shows is held against create. Amounts compare as numbers
 * ("0100" is 100), times as instants, and no metadata is an empty object.
 */
export function sameAsCreatedChecks(
  ref: ClauseCheck['ref'],
  created: Created,
  view: unknown,
  where: string,
): ClauseCheck[] {
  const body = asObject(view)
  if (!body || typeof body.id !== 'string') return []
  const differ = FIXED[created.kind].filter(
    (key) => key in body && !same(created.kind, key, created.fields[key], body[key]),
  )
  const listed = differ.map((k) => `${k} (${shown(body[k])}, created ${shown(created.fields[k])})`)
  return [
    {
      ref,
      holds: differ.length === 0,
      line:
        differ.length === 0
          ? `${where} shows the fields create returned`
          : `${where} differs from what create returned in ${listed.join(', ')}`,
    },
  ]
}

function same(kind: Kind, key: string, created: unknown, now: unknown): boolean {
  if (AMOUNTS.has(key) && created !== undefined) return sameAmount(created, now)
  if (INSTANTS.has(key)) return created === now || Date.parse(String(created)) === Date.parse(String(now))
  if (key === 'metadata' && kind === 'outgoing-payment') return keeps(created, now)
  if (key === 'metadata') return sameJson(emptyAsNone(created), emptyAsNone(now))
  return sameJson(created, now)
}

/**
 * An outgoing payment's metadata keeps every key the client gave, with its value; the spec does not say the server
 * adds none (Rafiki records a failed payment's cancellationReason there), as it says of an incoming payment's
 * (IP-METADATA: returned unchanged).
 */
function keeps(created: unknown, now: unknown): boolean {
  const given = asObject(created) ?? {}
  const shownNow = asObject(now) ?? {}
  return Object.keys(given).every((key) => key in shownNow && sameJson(given[key], shownNow[key]))
}

const emptyAsNone = (metadata: unknown) =>
  asObject(metadata) && Object.keys(metadata as Json).length === 0 ? undefined : metadata
const shown = (value: unknown) => JSON.stringify(value) ?? 'nothing'

function asObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined
}
