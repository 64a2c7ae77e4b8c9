import {
  expectCreated,
  expectPayableMethods,
  otherAssetCode,
  otherAssetScale,
} from '../checks/incoming-payment-checks.ts'
import { anHourAhead, expectNothingCreated } from '../checks/incoming-payment-refusals.ts'
import { expectRefusal } from '../checks/refusals.ts'
import { expect, test } from '../fixtures/conformance-test.ts'
import { amountIn } from '../harness/discovery/discovery.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { covers, rule } from '../harness/rules/covers.ts'
import { markerMetadata, resourceCalls } from '../steps/resource-calls.ts'
import { newMarker } from '../steps/resources.ts'

test.describe('incoming payments: create', () => {
  test(
    'with incomingAmount, expiresAt and metadata: each is returned as requested',
    covers('IP-CREATE', 'IP-METHODS', 'IP-METADATA'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const sent = {
        incomingAmount: amountIn(receiver, 2500n),
        expiresAt: anHourAhead(),
        metadata: {
          ...markerMetadata(newMarker()),
          description: 'Invoice INV-42 \u00e9\ud83d\ude00',
          nested: { lines: [1, 2.5, null, true, { sku: 'A-1' }] },
        },
      }
      const exchange = await resources.send(resourceCalls.createIncomingPaymentWith(receiver, sent), token)
      expectCreated(exchange, receiver, sent, 'create with every optional field')
      expectPayableMethods(exchange, 'the created incoming payment')
    },
  )

  test(
    'with walletAddress alone',
    covers('IP-CREATE', 'IP-METHODS'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const exchange = await resources.send(resourceCalls.createIncomingPaymentWith(receiver, {}), token)
      expectCreated(exchange, receiver, {}, 'create with walletAddress alone')
      expectPayableMethods(exchange, 'the created incoming payment')
    },
  )

  const badBodies: { name: string; fields: Record<string, unknown> }[] = [
    { name: 'without walletAddress', fields: { walletAddress: undefined } },
    { name: 'with a malformed expiresAt', fields: { expiresAt: 'tomorrow' } },
    { name: 'with an expiresAt on February 30', fields: { expiresAt: '2030-02-30T00:00:00Z' } },
  ]
  for (const { name, fields } of badBodies) {
    test(`${name}: 400`, covers('IP-CREATE'), async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const marker = newMarker()
      const valid = { incomingAmount: amountIn(receiver, 100n), metadata: markerMetadata(marker) }
      const refused = await resources.send(
        { ...resourceCalls.createIncomingPaymentWith(receiver, { ...valid, ...fields }), input: 'invalid' },
        token,
      )
      expectRefusal(refused, { rule: 'IP-CREATE', statuses: [400], what: `create ${name}` })
      await expectNothingCreated(resources, 'IP-CREATE', receiver, token, marker, `create ${name}`)

      const control = await resources.send(resourceCalls.createIncomingPaymentWith(receiver, valid), token)
      expect(
        control.response.status,
        rule('IP-CREATE', `positive control, the same body made valid: ${summarize(control)}`),
      ).toBe(201)
    })
  }

  // The spec is silent on members it does not list; only the OpenAPI schema forbids them (beyond the spec).
  test(
    'with an unknown member: 400, or ignored (a beyond-spec warning)',
    covers('REQ-UNKNOWN-MEMBER'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const marker = newMarker()
      const valid = { incomingAmount: amountIn(receiver, 100n), metadata: markerMetadata(marker) }
      const exchange = await resources.send(
        { ...resourceCalls.createIncomingPaymentWith(receiver, { ...valid, amount: '5' }), input: 'invalid' },
        token,
      )
      if (exchange.response.status === 201) {
        expectCreated(exchange, receiver, valid, 'create with the unknown member ignored')
      } else {
        expectRefusal(exchange, {
          rule: 'REQ-UNKNOWN-MEMBER',
          statuses: [400],
          what: 'create with an unknown member',
        })
        await expectNothingCreated(
          resources,
          'REQ-UNKNOWN-MEMBER',
          receiver,
          token,
          marker,
          'the refused create',
        )
      }
      expect(exchange).toAnswer(400, 'REQ-UNKNOWN-MEMBER', 'a create with an unknown member amount')
    },
  )

  test(
    "an incomingAmount outside the wallet address's asset: 400",
    covers('IP-ASSET'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const own = amountIn(receiver, 100n)
      const foreign = [
        {
          what: `assetCode ${otherAssetCode(receiver)}`,
          amount: { ...own, assetCode: otherAssetCode(receiver) },
        },
        {
          what: `assetScale ${otherAssetScale(receiver)}`,
          amount: { ...own, assetScale: otherAssetScale(receiver) },
        },
      ]
      const marker = newMarker()
      for (const { what, amount } of foreign) {
        const refused = await resources.send(
          {
            ...resourceCalls.createIncomingPaymentWith(receiver, {
              incomingAmount: amount,
              metadata: markerMetadata(marker),
            }),
            input: 'invalid',
          },
          token,
        )
        expectRefusal(refused, {
          rule: 'IP-ASSET',
          statuses: [400],
          what: `an incomingAmount in ${what} on ${receiver.id}`,
        })
      }
      await expectNothingCreated(resources, 'IP-ASSET', receiver, token, marker, 'the refused creations')

      const control = await resources.send(
        resourceCalls.createIncomingPaymentWith(receiver, { incomingAmount: own }),
        token,
      )
      expectCreated(
        control,
        receiver,
        { incomingAmount: own },
        "positive control, the wallet address's asset",
      )
    },
  )
})
