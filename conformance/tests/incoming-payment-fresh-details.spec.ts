import type { IlpPaymentMethod } from '@interledger/open-payments'
import { covers, expect, rule, test } from '../fixtures/conformance-test.ts'

/** The (ilpAddress, sharedSecret) pairs of an incoming payment's ILP methods. */
function detailPairs(methods: readonly IlpPaymentMethod[]): string[] {
  return methods.map((method) => `${method.ilpAddress} ${method.sharedSecret}`)
}

test.describe('incoming payments: payment details', () => {
  // The spec says the service generates the details and that payments received with them are associated with
  // the incoming payment: details two incoming payments share leave a payment received with them associated with
  // neither in particular, which the spec rules out.
  test(
    'two incoming payments do not share their payment details',
    covers('IP-FRESH-DETAILS'),
    async ({ discovery, paymentSteps: steps }) => {
      const { unit } = discovery
      const [first, second] = await Promise.all([
        steps.receiver({ incomingValue: 10n * unit }),
        steps.receiver({ incomingValue: 10n * unit }),
      ])
      // Positive control: both carry details to compare, and they are two payments.
      for (const { payment } of [first, second]) {
        expect(
          payment.methods?.length ?? 0,
          rule('IP-FRESH-DETAILS', `positive control: ${payment.id} carries payment details`),
        ).toBeGreaterThan(0)
      }
      expect(first.payment.id, rule('IP-FRESH-DETAILS', 'positive control: two incoming payments')).not.toBe(
        second.payment.id,
      )
      const shared = detailPairs(first.payment.methods).filter((pair) =>
        detailPairs(second.payment.methods).includes(pair),
      )
      expect(
        shared,
        rule(
          'IP-FRESH-DETAILS',
          `${first.payment.id} and ${second.payment.id} share no ilpAddress and sharedSecret pair`,
        ),
      ).toEqual([])
    },
  )
})
