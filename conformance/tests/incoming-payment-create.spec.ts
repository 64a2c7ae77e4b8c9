import {
  expectCreated,
  expectPayableMethods,
  otherAssetCode,
  otherAssetScale,
} from '../checks/incoming-payment-checks.ts'
import { anHourAhead } from '../checks/incoming-payment-refusals.ts'
import { expectNothingCreated } from '../checks/nothing-created.ts'
import { expectRefusal } from '../checks/refusals.ts'
import { amountIn, covers, expect, markerMetadata, newMarker, test } from '../fixtures/conformance-test.ts'

const BAD_BODIES: { name: string; fields: Record<string, unknown> }[] = [
  { name: 'without walletAddress', fields: { walletAddress: undefined } },
  { name: 'with a malformed expiresAt', fields: { expiresAt: 'tomorrow' } },
  { name: 'with an expiresAt on February 30', fields: { expiresAt: '2030-02-30T00:00:00Z' } },
]

test.describe('incoming payments: create', () => {
  test(
    'with incomingAmount, expiresAt and metadata: each is returned as requested',
    covers('IP-CREATE', 'IP-METHODS', 'IP-METADATA'),
    async ({ incoming }) => {
      const sent = {
        incomingAmount: amountIn(incoming.walletAddress, 2500n),
        expiresAt: anHourAhead(),
        metadata: {
          ...markerMetadata(newMarker()),
          description: 'Invoice INV-42 \u00e9\ud83d\ude00',
          nested: { lines: [1, 2.5, null, true, { sku: 'A-1' }] },
        },
      }
      const exchange = await incoming.create(sent)
      expectCreated(exchange, incoming.walletAddress, sent, 'create with every optional field')
      expectPayableMethods(exchange, 'the created incoming payment')
    },
  )

  test('with walletAddress alone', covers('IP-CREATE', 'IP-METHODS'), async ({ incoming }) => {
    const exchange = await incoming.create({})
    expectCreated(exchange, incoming.walletAddress, {}, 'create with walletAddress alone')
    expectPayableMethods(exchange, 'the created incoming payment')
  })

  for (const { name, fields } of BAD_BODIES) {
    test(`${name}: 400`, covers('IP-CREATE'), async ({ incoming }) => {
      const marker = newMarker()
      const valid = {
        incomingAmount: amountIn(incoming.walletAddress, 100n),
        metadata: markerMetadata(marker),
      }
      const refused = await incoming.create({ ...valid, ...fields }, 'invalid')
      expectRefusal(refused, { rule: 'IP-CREATE', statuses: [400], what: `create ${name}` })
      await expectNothingCreated(incoming, marker, 'IP-CREATE', `create ${name}`)
      const control = await incoming.create(valid)
      expect(control).toAnswer(201, 'IP-CREATE', 'positive control, the same body made valid')
    })
  }

  // The spec is silent on members it does not list; only the OpenAPI schema forbids them (beyond the spec).
  test(
    'with an unknown member: 400, or ignored (a beyond-spec warning)',
    covers('REQ-UNKNOWN-MEMBER'),
    async ({ incoming }) => {
      const marker = newMarker()
      const valid = {
        incomingAmount: amountIn(incoming.walletAddress, 100n),
        metadata: markerMetadata(marker),
      }
      const exchange = await incoming.create({ ...valid, amount: '5' }, 'invalid')
      if (exchange.response.status === 201) {
        expectCreated(exchange, incoming.walletAddress, valid, 'create with the unknown member ignored')
      } else {
        const what = 'create with an unknown member'
        expectRefusal(exchange, { rule: 'REQ-UNKNOWN-MEMBER', statuses: [400], what })
        await expectNothingCreated(incoming, marker, 'REQ-UNKNOWN-MEMBER', 'the refused create')
      }
      expect(exchange).toAnswer(400, 'REQ-UNKNOWN-MEMBER', 'a create with an unknown member amount')
    },
  )

  test(
    "an incomingAmount outside the wallet address's asset: 400",
    covers('IP-ASSET'),
    async ({ incoming }) => {
      const receiver = incoming.walletAddress
      const own = amountIn(receiver, 100n)
      const marker = newMarker()
      for (const foreign of [
        { assetCode: otherAssetCode(receiver) },
        { assetScale: otherAssetScale(receiver) },
      ]) {
        const [what] = Object.entries(foreign).map(([member, value]) => `${member} ${value}`)
        const refused = await incoming.create(
          { incomingAmount: { ...own, ...foreign }, metadata: markerMetadata(marker) },
          'invalid',
        )
        expectRefusal(refused, {
          rule: 'IP-ASSET',
          statuses: [400],
          what: `an incomingAmount in ${what} on ${receiver.id}`,
        })
      }
      await expectNothingCreated(incoming, marker, 'IP-ASSET', 'the refused creations')
      const control = await incoming.create({ incomingAmount: own })
      expectCreated(
        control,
        receiver,
        { incomingAmount: own },
        "positive control, the wallet address's asset",
      )
    },
  )
})
