/** The largest amount there is: every amount of the spec is a uint64. */
export const MAX_UINT64 = 2n ** 64n - 1n

/** A decimal string within 0..2^64-1, with no sign, no leading zeros (except "0"), no exponent. */
export function isUint64(value: string): boolean {
  return /^(0|[1-9][0-9]{0,19})$/.test(value) && BigInt(value) <= MAX_UINT64
}
