import fc from 'fast-check'
import { BEYOND_ANY_BALANCE } from '../../steps/amounts.ts'

/** Every uint64 value but 0 (a payment of nothing is another question); fast-check favours the edges. */
export const uint64ValueArb: fc.Arbitrary<bigint> = fc.bigInt({ min: 1n, max: 2n ** 64n - 1n })

/**
 * A number of the target's smallest payable units (discovery.unit): every amount that must be paid is a
 * multiple of it, so a server that charges fees or has a minimum still pays. Small, so a grant limit of a
 * few units is reached in a few payments.
 */
export const unitCountArb: fc.Arbitrary<bigint> = fc.bigInt({ min: 1n, max: 20n })

/**
 * An amount to pay, a multiple of `unit`: a few units, which the sender can cover, or a value no account holds, up
 * to the uint64 maximum (the payment is created, then fails or is refused). Nothing in between: a payment that
 * drained the shared sender would starve every other test.
 */
export function paymentValueArb(unit: bigint): fc.Arbitrary<bigint> {
  const beyond = fc
    .bigInt({ min: BEYOND_ANY_BALANCE, max: 2n ** 64n - 1n })
    .map((value) => value - (value % unit))
    .filter((value) => value >= BEYOND_ANY_BALANCE)
  return fc.oneof(
    unitCountArb.map((count) => count * unit),
    beyond,
  )
}

/**
 * Values no server may take as an Amount value: negatives, fractions, exponents, letters, overflow, non-strings,
 * and what BigInt() reads but is not the decimal digits of an unsigned integer ('+1', '', ' 1', '0x10'). Leading
 * zeros are not here: '007' is decimal digits, and the spec does not say whether it writes 7
 * (docs/spec-decisions.md, "Amounts").
 */
export const malformedAmountValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('-1', '1.5', 'abc', '1e3', '1_000', '\u0661', '+1', '', ' 1', '0x10'),
  uint64ValueArb.map((value) => String(value + 2n ** 64n - 1n)),
  uint64ValueArb.map((value) => `-${value}`),
  fc.integer({ min: 1, max: 1000 }),
  fc.constantFrom(null, true, [], {}),
)
