import type { WalletAddress } from '@interledger/open-payments'
import { otherAssetCode, otherAssetScale } from '../checks/incoming-payment-checks.ts'
import { expectRefusedWithoutEffect } from '../checks/refusals.ts'
import {
  type Amount,
  bodyOf,
  covers,
  describeAmount,
  expect,
  newMarker,
  resourceCalls,
  rule,
  test,
} from '../fixtures/conformance-test.ts'

/** Form 2's debitAmount "MUST use the same assetCode and assetScale as the wallet address": each way to miss. */
const WRONG_ASSETS: { name: string; asset: (sender: WalletAddress) => Omit<Amount, 'value'> }[] = [
  { name: 'another assetScale', asset: (s) => ({ assetCode: s.assetCode, assetScale: otherAssetScale(s) }) },
  { name: 'another assetCode', asset: (s) => ({ assetCode: otherAssetCode(s), assetScale: s.assetScale }) },
  {
    name: 'another code and scale',
    asset: (s) => ({ assetCode: otherAssetCode(s), assetScale: otherAssetScale(s) }),
  },
]

test.describe("outgoing payments from an incoming payment: debitAmount in the sender's asset", () => {
  for (const { name, asset } of WRONG_ASSETS) {
    test(
      `a debitAmount in ${name} is refused, and the sender's asset is accepted`,
      covers('OP-DEBIT-ASSET'),
      async ({ resources, discovery, sharedGrants, paymentSteps: steps }) => {
        const { sender, unit } = discovery
        const { payment: incoming } = await steps.receiver({ incomingValue: 1000n * unit })
        const token = await sharedGrants.token('outgoing-payment')
        const marker = newMarker()
        const wrong = { value: String(unit), ...asset(sender) }
        const listing = resourceCalls.listOutgoingPayments(sender, 100)
        const control = await expectRefusedWithoutEffect(
          await steps.sendDirectPayment(incoming.id, wrong, marker, token),
          {
            rule: 'OP-DEBIT-ASSET',
            what: `a debitAmount of ${describeAmount(wrong)} from ${sender.id} (${sender.assetCode}/${sender.assetScale})`,
            statuses: [400],
            tookEffect: () => resources.listed(listing, token, marker),
            control: () => steps.sendDirectPayment(incoming.id, unit, marker, token),
            controlStatus: 201,
            controlWhat: `the same payment in ${sender.assetCode}/${sender.assetScale}`,
          },
        )
        expect(
          bodyOf(control, 'outgoing-payment').debitAmount,
          rule('OP-DEBIT-ASSET', "the accepted payment debits the amount asked, in the sender's asset"),
        ).toEqual({ value: String(unit), assetCode: sender.assetCode, assetScale: sender.assetScale })
      },
    )
  }
})
