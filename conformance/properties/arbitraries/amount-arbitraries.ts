import fc from 'fast-check'

/** Every uint64 value but 0 (a payment of nothing is another question); fast-check favours the edges. */
export const uint64ValueArb: fc.Arbitrary<bigint> = fc.bigInt({ min: 1n, max: 2n ** 64n - 1n })

/**
 * A number of the target's smallest payable units (discovery.unit): every amount that must be paid is a
 * multiple of it, so a server that charges fees or has a minimum still pays. Small, so a grant limit of a
 * few units is reached in a few payments.
 */
export const unitCountArb: fc.Arbitrary<bigint> = fc.bigInt({ min: 1n, max: 20n })
