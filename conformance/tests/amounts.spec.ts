import type { IncomingPayment } from '@interledger/open-payments'
import { expect, test } from '../fixtures/conformance-test.ts'
import { amountIn } from '../harness/discovery/discovery.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { covers, rule } from '../harness/rules/covers.ts'
import type { RuleId } from '../harness/rules/registry.ts'
import { warn } from '../harness/rules/warn.ts'
import { hasMarker, markerMetadata, resourceCalls } from '../steps/resource-calls.ts'
import { newMarker } from '../steps/resources.ts'
import { walkList } from '../steps/walk-list.ts'

const UINT64_MAX = '18446744073709551615'

/**
 * Each row breaks one part of an amount, everything else being the receiver's own asset; the amounts go in
 * an incoming payment's incomingAmount, the one amount any client may send.
 */
const BAD_AMOUNTS: {
  ruleId: RuleId
  reason: string
  value?: unknown
  assetScale?: unknown
  /**
   * Not a canonical uint64 string, yet what uint64 validators built on BigInt() accept: a server that takes it
   * gets a warning, not a failure (the spec gives no grammar beyond "unsigned 64-bit integer as a string").
   */
  lenient?: true
}[] = [
  { ruleId: 'AMT-UINT64', reason: 'value with a leading plus sign (+1)', value: '+1', lenient: true },
  { ruleId: 'AMT-UINT64', reason: 'value with a minus sign (-1)', value: '-1' },
  { ruleId: 'AMT-UINT64', reason: 'value with a decimal point (1.5)', value: '1.5' },
  { ruleId: 'AMT-UINT64', reason: 'value with an exponent (1e3)', value: '1e3' },
  { ruleId: 'AMT-UINT64', reason: 'an empty value', value: '', lenient: true },
  { ruleId: 'AMT-UINT64', reason: 'value in hexadecimal (0x10)', value: '0x10', lenient: true },
  { ruleId: 'AMT-UINT64', reason: 'value a JSON number, not a string (100)', value: 100 },
  { ruleId: 'AMT-UINT64', reason: `value 2^64, one above the uint64 maximum`, value: '18446744073709551616' },
  // A scale other than the wallet address's is refused anyway (IP-ASSET): this row shows only the 400.
  { ruleId: 'AMT-SCALE', reason: 'assetScale 256, above the 255 maximum', assetScale: 256 },
]

test.describe('amounts: value is a uint64 decimal string, assetScale at most 255', () => {
  for (const { ruleId, reason, lenient, ...broken } of BAD_AMOUNTS) {
    test(
      `${reason}: ${lenient ? '400, or a warning where accepted' : '400'}`,
      covers(ruleId),
      async ({ resources, discovery, sharedGrants }) => {
        const { receiver } = discovery
        const token = await sharedGrants.token('incoming-payment')
        const marker = newMarker()
        const incomingAmount = { ...amountIn(receiver, 100n), ...broken }
        const refused = await resources.send(
          {
            ...resourceCalls.createIncomingPaymentWith(receiver, {
              incomingAmount,
              metadata: markerMetadata(marker),
            }),
            input: 'invalid',
          },
          token,
        )
        if (lenient && refused.response.status === 201) {
          warn(ruleId, `an incomingAmount with ${reason} was accepted: ${summarize(refused)}`)
        } else {
          // A 5xx is no refusal the rule accepts: the robustness finding records it too, and the rule fails.
          expect(
            refused.response.status,
            rule(ruleId, `an incomingAmount with ${reason} is refused with 400: ${summarize(refused)}`),
          ).toBe(400)
        }
        const listed = await walkList(
          resources,
          resourceCalls.listIncomingPayments(receiver, 100),
          token,
          ruleId,
        )
        expect(
          listed.some((item) => hasMarker(item, marker)),
          rule(ruleId, `the refused incomingAmount with ${reason} created nothing`),
        ).toBe(refused.response.status === 201)

        const control = await resources.send(
          resourceCalls.createIncomingPaymentWith(receiver, { incomingAmount: amountIn(receiver, 100n) }),
          token,
        )
        expect(
          control.response.status,
          rule(
            ruleId,
            `positive control, the same amount with value "100" in the receiver's asset: ${summarize(control)}`,
          ),
        ).toBe(201)
      },
    )
  }

  test(
    'the largest uint64 value is kept exactly where it is accepted',
    covers('AMT-UINT64'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const incomingAmount = amountIn(receiver, UINT64_MAX)
      const created = await resources.send(
        resourceCalls.createIncomingPaymentWith(receiver, { incomingAmount }),
        token,
      )
      if (created.response.status === 400) {
        // A server may cap what one incoming payment can receive below the uint64 range.
        warn('AMT-UINT64', `an incomingAmount of ${UINT64_MAX} was refused: ${summarize(created)}`)
        return
      }
      expect(
        created.response.status,
        rule('AMT-UINT64', `an incomingAmount of ${UINT64_MAX} answers 201 or 400: ${summarize(created)}`),
      ).toBe(201)
      const payment = created.response.json as IncomingPayment
      expect(
        payment.incomingAmount,
        rule('AMT-UINT64', 'create returns the value exactly, digit for digit'),
      ).toEqual(incomingAmount)
      const read = await resources.send(resourceCalls.getIncomingPayment(payment.id), token)
      expect(
        (read.response.json as IncomingPayment | undefined)?.incomingAmount,
        rule('AMT-UINT64', `get returns the value exactly: ${summarize(read)}`),
      ).toEqual(incomingAmount)
    },
  )
})
