export const UINT64_MAX = 2n ** 64n - 1n

/**
 * Parses an Open Payments amount value: a decimal string within 0..2^64-1. Amounts never pass through JS
 * numbers, which lose precision above 2^53.
 */
export function parseUint64(value: unknown): bigint | undefined {
  if (typeof value !== 'string' || !/^\d{1,20}$/.test(value)) return undefined
  const parsed = BigInt(value)
  return parsed <= UINT64_MAX ? parsed : undefined
}
