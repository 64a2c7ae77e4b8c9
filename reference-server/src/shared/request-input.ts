import { HttpError } from '../http/errors.ts'
import type { Amount } from './amount.ts'
import { parseUint64 } from './uint64.ts'

// Readers for request bodies, run by route handlers after request validation has checked the body against
// the OpenAPI document (types, required and unknown fields, formats, ranges). They turn the checked JSON into
// typed input and refuse what the schema cannot say, as a 400 naming the field.

export type JsonObject = Record<string, unknown>

export function invalid(field: string, description: string): HttpError {
  return new HttpError(400, 'invalid_request', description, { field })
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The validated body as an object (request validation has refused anything else). */
export function bodyOf(body: unknown): JsonObject {
  if (!isObject(body)) throw new Error('route reached without body validation')
  return body
}

/** A validated string field (its presence and type were checked against the schema). */
export function stringField(body: JsonObject, field: string): string | undefined {
  const value = body[field]
  return typeof value === 'string' ? value : undefined
}

/**
 * A validated amount (value a uint64 string, assetScale 0..255, as the schema says), which must also be
 * positive and name an asset.
 */
export function readAmount(body: JsonObject, field: string): Amount | undefined {
  const amount = body[field] as { value: string; assetCode: string; assetScale: number } | undefined
  if (amount === undefined) return undefined
  const value = parseUint64(amount.value)
  if (value === undefined) throw new Error(`${field}.value reached the route without validation`)
  if (value === 0n) throw invalid(`${field}.value`, `"${field}.value" must be greater than zero.`)
  if (amount.assetCode === '') {
    throw invalid(`${field}.assetCode`, `"${field}.assetCode" must be a non-empty string.`)
  }
  return { value, assetCode: amount.assetCode, assetScale: amount.assetScale }
}

/** Nesting deeper than this is refused: serializing and storing it would exhaust the stack (a 500). */
export const METADATA_MAX_DEPTH = 1000

/** Larger metadata is refused: every read of the resource returns it, so it would cost on each one. */
export const METADATA_MAX_BYTES = 64 * 1024

/** Validated metadata (an object), which must also fit in jsonb and in METADATA_MAX_BYTES. */
export function readMetadata(body: JsonObject): JsonObject | undefined {
  const metadata = body.metadata as JsonObject | undefined
  if (metadata === undefined) return undefined
  const problem = jsonbProblem(metadata, 1)
  if (problem !== undefined) throw invalid('metadata', `"metadata" ${problem}.`)
  if (Buffer.byteLength(JSON.stringify(metadata)) > METADATA_MAX_BYTES) {
    throw invalid('metadata', `"metadata" must not exceed ${METADATA_MAX_BYTES} bytes as JSON.`)
  }
  return metadata
}

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * Why `value` cannot be stored as jsonb, or undefined. JSON allows what Postgres jsonb refuses: U+0000 and
 * unpaired surrogates in strings (keys included). The recursion is bounded by METADATA_MAX_DEPTH.
 */
function jsonbProblem(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') {
    const storable = !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value)
    return storable ? undefined : 'must not contain U+0000 or unpaired surrogates'
  }
  if (typeof value !== 'object' || value === null) return undefined
  if (depth > METADATA_MAX_DEPTH) return `must not nest deeper than ${METADATA_MAX_DEPTH} levels`
  const entries = Array.isArray(value) ? value : Object.entries(value).flat()
  for (const entry of entries) {
    const problem = jsonbProblem(entry, depth + 1)
    if (problem !== undefined) return problem
  }
  return undefined
}

// RFC 3339 date-time, as OpenAPI's `format: date-time` means.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}:\d{2}))$/

/** A date-time; the schema's format check lets through what JS dates cannot hold (leap seconds). */
export function readDateTime(body: JsonObject, field: string): Date | undefined {
  const value = body[field]
  if (value === undefined) return undefined
  const time = typeof value === 'string' && isCalendarDateTime(value) ? Date.parse(value) : Number.NaN
  if (Number.isNaN(time)) throw invalid(field, `"${field}" must be an RFC 3339 date-time.`)
  return new Date(time)
}

// Date.parse rolls impossible fields over (February 30 becomes March 2, 24:00 the next day), so each field is
// range-checked first. Leap seconds (:60) are refused: JS dates cannot represent them.
function isCalendarDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value)
  if (match === null) return false
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map(Number)
  const [offsetHour = 0, offsetMinute = 0] = (match[7] ?? '').split(':').map(Number)
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHour <= 23 &&
    offsetMinute <= 59
  )
}

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return [4, 6, 9, 11].includes(month) ? 30 : 31
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return leap ? 29 : 28
}

/** The id at the end of `url` when it is `<base>/<collection>/<uuid>`, else undefined. */
export function idFromUrl(url: string, base: string, collection: string): string | undefined {
  const prefix = `${base}/${collection}/`
  if (!url.startsWith(prefix)) return undefined
  const id = url.slice(prefix.length)
  return isUuid(id) ? id.toLowerCase() : undefined
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: string): boolean {
  return UUID.test(value)
}

/** The wallet address name when `url` is `<resourceServer>/<name>`, else undefined. */
export function walletAddressNameFromUrl(url: string, resourceServer: string): string | undefined {
  const prefix = `${resourceServer}/`
  if (!url.startsWith(prefix)) return undefined
  const name = url.slice(prefix.length)
  return name === '' || name.includes('/') ? undefined : name
}
