import { expectCreated } from '../checks/incoming-payment-checks.ts'
import {
  amountIn,
  bodyOf,
  covers,
  expect,
  markerMetadata,
  newMarker,
  type RuleId,
  rule,
  summarize,
  test,
  warn,
} from '../fixtures/conformance-test.ts'

const UINT64_MAX = '18446744073709551615'
const CONTROL = `positive control, the same amount with value "100" in the receiver's asset`

/**
 * Each row breaks one part of an amount, everything else being the receiver's own asset; the amounts go in
 * an incoming payment's incomingAmount, the one amount any client may send.
 */
const BAD_AMOUNTS: {
  ruleId: RuleId
  reason: string
  value?: unknown
  assetScale?: unknown
}[] = [
  // The spec's value is an unsigned integer written as a string: its decimal digits (amounts scale by powers of
  // ten), nothing else. What BigInt() also reads ('+1', '', '0x10') is no such string (docs/spec-decisions.md).
  { ruleId: 'AMT-UINT64', reason: 'value with a leading plus sign (+1)', value: '+1' },
  { ruleId: 'AMT-UINT64', reason: 'value with a minus sign (-1)', value: '-1' },
  { ruleId: 'AMT-UINT64', reason: 'value with a decimal point (1.5)', value: '1.5' },
  { ruleId: 'AMT-UINT64', reason: 'value with an exponent (1e3)', value: '1e3' },
  { ruleId: 'AMT-UINT64', reason: 'an empty value', value: '' },
  { ruleId: 'AMT-UINT64', reason: 'value in hexadecimal (0x10)', value: '0x10' },
  { ruleId: 'AMT-UINT64', reason: 'value a JSON number, not a string (100)', value: 100 },
  { ruleId: 'AMT-UINT64', reason: `value 2^64, one above the uint64 maximum`, value: '18446744073709551616' },
  // A scale other than the wallet address's is refused anyway (IP-ASSET): this row shows only the 400.
  { ruleId: 'AMT-SCALE', reason: 'assetScale 256, above the 255 maximum', assetScale: 256 },
]

test.describe('amounts: value is a uint64 decimal string, assetScale at most 255', () => {
  for (const { ruleId, reason, ...broken } of BAD_AMOUNTS) {
    test(`${reason}: 400`, covers(ruleId), async ({ incoming }) => {
      const [marker, own] = [newMarker(), amountIn(incoming.walletAddress, 100n)]
      const sent = { incomingAmount: { ...own, ...broken }, metadata: markerMetadata(marker) }
      const refused = await incoming.create(sent, 'invalid')
      // A 5xx is no refusal the rule accepts: the robustness finding records it too, and the rule fails.
      expect(refused).toAnswer(400, ruleId, `an incomingAmount with ${reason} is refused`)
      const nothing = rule(ruleId, `the refused incomingAmount with ${reason} created nothing`)
      expect(await incoming.shows(marker, ruleId), nothing).toBe(refused.response.status === 201)
      expect(await incoming.create({ incomingAmount: own })).toAnswer(201, ruleId, CONTROL)
    })
  }

  test(
    'the largest uint64 value is kept exactly where it is accepted',
    covers('AMT-UINT64'),
    async ({ incoming }) => {
      // First an ordinary value: a server that does not return it as sent has an echo problem (IP-CREATE), which
      // says nothing of the uint64 range, and the test stops there.
      const ordinary = { incomingAmount: amountIn(incoming.walletAddress, 100n) }
      expectCreated(
        await incoming.create(ordinary),
        incoming.walletAddress,
        ordinary,
        'positive control, 100',
      )
      const incomingAmount = amountIn(incoming.walletAddress, UINT64_MAX)
      const created = await incoming.create({ incomingAmount })
      if (created.response.status === 400) {
        // A server may cap what one incoming payment can receive below the uint64 range.
        warn('AMT-UINT64', `an incomingAmount of ${UINT64_MAX} was refused: ${summarize(created)}`)
        return
      }
      expect(created).toAnswer(201, 'AMT-UINT64', `an incomingAmount of ${UINT64_MAX} answers 201 or 400`)
      const { id, incomingAmount: returned } = bodyOf(created, 'incoming-payment')
      const exactly = rule('AMT-UINT64', 'create returns the value exactly, digit for digit')
      expect(returned, exactly).toEqual(incomingAmount)
      const read = await incoming.readBody(id, 'AMT-UINT64')
      expect(read.incomingAmount, rule('AMT-UINT64', 'get returns the value exactly')).toEqual(incomingAmount)
    },
  )
})
