import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { checkLimits, type GrantLimits, spentCaps } from '../../src/outgoing-payment-grants/limits.ts'
import { UINT64_MAX } from '../../src/shared/uint64.ts'

// A payment the limits allow commits in one statement that the database refuses when a total passes its cap
// (migration 0006), without checkLimits; so the caps must allow exactly what checkLimits allows.

const RECEIVERS = ['https://ase.example/incoming-payments/1', 'https://ase.example/incoming-payments/2']
const assetArb = fc.constantFrom({ assetCode: 'USD', assetScale: 2 }, { assetCode: 'EUR', assetScale: 2 })
// Small values meet each other (at, under and over a limit); values near 2^64-1 meet the totals' bound.
const valueArb = fc.oneof(
  fc.bigInt({ min: 0n, max: 20n }),
  fc.bigInt({ min: UINT64_MAX - 20n, max: UINT64_MAX }),
)
const amountArb = fc.record({ value: valueArb, assetCode: fc.constant('USD'), assetScale: fc.constant(2) })
const limitAmountArb = fc.option(
  fc.tuple(valueArb, assetArb).map(([value, asset]) => ({ value, ...asset })),
  { nil: undefined },
)
const limitsArb: fc.Arbitrary<GrantLimits> = fc.record({
  receiver: fc.option(fc.constantFrom(...RECEIVERS), { nil: undefined }),
  interval: fc.constant(undefined),
  debitAmount: limitAmountArb,
  receiveAmount: limitAmountArb,
})
const paymentArb = fc.record({
  receiver: fc.constantFrom(...RECEIVERS),
  debitAmount: amountArb,
  receiveAmount: amountArb,
})
const spentArb = fc.record({ debit: valueArb, receive: valueArb })

describe('spentCaps', () => {
  it('allows a payment exactly when checkLimits does, whatever the grant has spent', () => {
    fc.assert(
      fc.property(limitsArb, paymentArb, spentArb, (limits, payment, spent) => {
        const caps = spentCaps(limits, payment)
        const withinCaps =
          caps !== undefined &&
          spent.debit + payment.debitAmount.value <= caps.debit &&
          spent.receive + payment.receiveAmount.value <= caps.receive
        assert.equal(withinCaps, checkLimits(limits, payment, spent) === undefined)
      }),
      { numRuns: 2000 },
    )
  })

  it('caps each side at its limit, and at 2^64-1 without one', () => {
    const usd = (value: bigint) => ({ value, assetCode: 'USD', assetScale: 2 })
    const payment = { receiver: RECEIVERS[0]!, debitAmount: usd(1n), receiveAmount: usd(1n) }
    const limits = {
      receiver: undefined,
      interval: undefined,
      debitAmount: usd(10n),
      receiveAmount: undefined,
    }
    assert.deepEqual(spentCaps(limits, payment), { debit: 10n, receive: UINT64_MAX })
    assert.equal(spentCaps({ ...limits, receiver: RECEIVERS[1] }, payment), undefined)
  })
})
