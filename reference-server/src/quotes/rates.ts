import { readFile } from 'node:fs/promises'
import type { Asset } from '../shared/amount.ts'

/** An exchange rate as an exact fraction: one unit of `from` is worth numerator/denominator units of `to`. */
export interface Rate {
  numerator: bigint
  denominator: bigint
}

/** Rates keyed by `FROM>TO` asset codes, per whole unit (scales are applied on conversion). */
export type RateTable = ReadonlyMap<string, Rate>

// Used when RATES_FILE is unset: 1 USD = 0.8 EUR and 1 EUR = 1.25 USD, exact inverses, so a round trip
// loses only rounding.
export const DEFAULT_RATE_TABLE: RateTable = new Map([
  [rateKey('USD', 'EUR'), { numerator: 4n, denominator: 5n }],
  [rateKey('EUR', 'USD'), { numerator: 5n, denominator: 4n }],
])

export class RateFileError extends Error {
  constructor(file: string, problems: string[]) {
    super(`Invalid rates file ${file}: ${problems.join('; ')}`)
    this.name = 'RateFileError'
  }
}

export async function readRateFile(file: string): Promise<RateTable> {
  let data: unknown
  try {
    data = JSON.parse(await readFile(file, 'utf8'))
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String(err)
    throw new RateFileError(file, [`${reason} (set RATES_FILE)`])
  }
  const table = parseRates(data)
  if (Array.isArray(table)) throw new RateFileError(file, table)
  return table
}

// Rates are decimal strings, never JSON numbers, so they are exact.
const DECIMAL = /^(\d{1,30})(?:\.(\d{1,30}))?$/

/** Validates `{ "rates": { "USD": { "EUR": "0.8" } } }`; returns every problem found. */
export function parseRates(data: unknown): RateTable | string[] {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
  if (!isRecord(data) || !isRecord(data.rates) || Object.keys(data).length !== 1) {
    return ['the top level must be an object with only a "rates" object']
  }
  const problems: string[] = []
  const table = new Map<string, Rate>()
  for (const [from, targets] of Object.entries(data.rates)) {
    if (!isRecord(targets)) {
      problems.push(`rates.${from} must be an object of rates by asset code`)
      continue
    }
    for (const [to, raw] of Object.entries(targets)) {
      const match = typeof raw === 'string' ? DECIMAL.exec(raw) : null
      const rate = match === null ? undefined : fraction(match[1] ?? '', match[2] ?? '')
      if (rate === undefined || rate.numerator === 0n) {
        problems.push(`rates.${from}.${to} must be a positive decimal string such as "0.8"`)
        continue
      }
      table.set(rateKey(from, to), rate)
    }
  }
  return problems.length > 0 ? problems : table
}

function fraction(whole: string, decimals: string): Rate {
  return { numerator: BigInt(whole + decimals), denominator: 10n ** BigInt(decimals.length) }
}

function rateKey(from: string, to: string): string {
  return `${from}>${to}`
}

export type Rounding = 'down' | 'up'

/**
 * Converts `value` of `from` into `to`. The same asset code converts at 1 (only the scale changes). Undefined
 * when the table has no rate for the pair. The result may exceed uint64; callers check.
 */
export function convert(
  rates: RateTable,
  value: bigint,
  from: Asset,
  to: Asset,
  rounding: Rounding,
): bigint | undefined {
  const rate =
    from.assetCode === to.assetCode
      ? { numerator: 1n, denominator: 1n }
      : rates.get(rateKey(from.assetCode, to.assetCode))
  if (rate === undefined) return undefined
  const numerator = value * rate.numerator * 10n ** BigInt(to.assetScale)
  const denominator = rate.denominator * 10n ** BigInt(from.assetScale)
  const quotient = numerator / denominator
  return rounding === 'up' && quotient * denominator !== numerator ? quotient + 1n : quotient
}
