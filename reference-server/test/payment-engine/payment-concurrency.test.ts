import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { isIncomingPaymentError } from '../../src/incoming-payments/errors.ts'
import { checkLedger } from '../../src/ledger/invariant.ts'
import { LimitViolation } from '../../src/outgoing-payment-grants/limits.ts'
import { settleNextPayments } from '../../src/payment-engine/settle.ts'
import { databaseVariants } from '../support/helpers.ts'
import {
  noLimits,
  type PaymentServices,
  show,
  startPaymentServices,
  usd,
} from '../support/payment-services-fixture.ts'

for (const variant of databaseVariants('payment-concurrency')) {
  describe(`concurrent payments and settlement workers (${variant.name})`, () => {
    let f: PaymentServices

    before(async () => {
      f = await startPaymentServices(variant)
    })

    after(() => f?.close())

    it('lets concurrent payments under one grant reserve no more than its limit', async () => {
      const receiver = await f.incoming()
      const grant = { id: 'grant-race', limits: { ...noLimits, debitAmount: usd(50n) } }
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          f.pay({ grant, source: { incomingPaymentId: receiver.id, debitAmount: usd(10n) } }),
        ),
      )
      const outcomes = results.map((result) => (typeof result === 'object' ? 'created' : result))
      assert.equal(outcomes.filter((outcome) => outcome === 'created').length, 5, show(outcomes))
      assert.equal(outcomes.filter((outcome) => outcome === LimitViolation.DebitAmount).length, 5)
      await f.settleAll()
    })

    it('settles each payment exactly once with several workers polling at the same time', async () => {
      const receiver = await f.incoming({ incomingAmount: usd(20n) })
      const aliceBefore = await f.balanceOf('alice')
      const ids = new Set<string>()
      for (let i = 0; i < 20; i++) {
        ids.add(
          f.created(await f.pay({ source: { incomingPaymentId: receiver.id, debitAmount: usd(1n) } })).payment
            .id,
        )
      }
      const worker = async () => {
        const settled: string[] = []
        for (let next = await settleNextPayments(f.db, 3); next.length > 0; ) {
          settled.push(...next.map((settlement) => settlement.paymentId))
          next = await settleNextPayments(f.db, 3)
        }
        return settled
      }
      const settled = (await Promise.all([worker(), worker(), worker(), worker()])).flat()
      assert.deepEqual(new Set(settled), ids)
      assert.equal(settled.length, ids.size)
      assert.equal(await f.balanceOf('alice'), aliceBefore - 20n)
      const paid = await f.services.incomingPayments.get(receiver.id)
      assert.ok(!isIncomingPaymentError(paid))
      assert.deepEqual([paid.receivedAmount, paid.completed], [20n, true])
      assert.equal((await checkLedger(f.db)).balanced, true)
    })
  })
}
