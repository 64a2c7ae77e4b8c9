import type { IncomingPayment } from '@interledger/open-payments'
import { expectCreated } from '../checks/incoming-payment-checks.ts'
import { expectNothingCreated, readIncomingPayment } from '../checks/incoming-payment-refusals.ts'
import { expectRefusal } from '../checks/refusals.ts'
import { amountIn, covers, expect, rule, summarize, test, warn } from '../fixtures/conformance-test.ts'
import { markerMetadata, resourceCalls } from '../steps/resource-calls.ts'
import { newMarker } from '../steps/resources.ts'

/** Metadata JSON allows but storage often refuses: a server may refuse it (400), never fail on it. */
const AWKWARD_METADATA: { name: string; metadata: Record<string, unknown> }[] = [
  { name: 'U+0000 in a value', metadata: { note: 'a\u0000b' } },
  { name: 'U+0000 in a key', metadata: { 'a\u0000': 'b' } },
  { name: 'an unpaired surrogate', metadata: { note: 'x\ud800y' } },
  {
    name: 'nesting 200 levels deep',
    metadata: Array.from({ length: 199 }).reduce<Record<string, unknown>>((inner) => ({ a: inner }), {
      leaf: 1,
    }),
  },
]

test.describe('incoming payments: metadata', () => {
  test(
    'metadata that is not an object: 400',
    covers('IP-METADATA'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const token = await sharedGrants.token('incoming-payment')
      const incomingAmount = amountIn(receiver, 100n)
      // The refused body has no room for a marker, so that it created nothing is not checked.
      const refused = await resources.send(
        {
          ...resourceCalls.createIncomingPaymentWith(receiver, { incomingAmount, metadata: ['a', 1] }),
          input: 'invalid',
        },
        token,
      )
      expectRefusal(refused, { rule: 'IP-METADATA', statuses: [400], what: 'metadata that is an array' })

      const sent = { incomingAmount, metadata: { list: ['a', 1] } }
      const control = await resources.send(resourceCalls.createIncomingPaymentWith(receiver, sent), token)
      expectCreated(control, receiver, sent, 'positive control, the array inside an object')
    },
  )

  for (const { name, metadata } of AWKWARD_METADATA) {
    test(
      `${name}: kept exactly, or refused`,
      covers('IP-METADATA'),
      async ({ resources, discovery, sharedGrants }) => {
        const { receiver } = discovery
        const token = await sharedGrants.token('incoming-payment')
        const marker = newMarker()
        const sent = { metadata: { ...metadata, ...markerMetadata(marker) } }
        // Valid JSON that a server may refuse (decisions.md): a 5xx to it is a robustness finding.
        const exchange = await resources.send(
          { ...resourceCalls.createIncomingPaymentWith(receiver, sent), input: 'invalid' },
          token,
        )
        // A 5xx refuses it too, brokenly: that is the robustness finding already recorded, not this rule's.
        if (exchange.response.status >= 400) {
          warn('IP-METADATA', `metadata with ${name} was refused: ${summarize(exchange)}`)
          await expectNothingCreated(
            resources,
            'IP-METADATA',
            receiver,
            token,
            marker,
            `metadata with ${name}`,
          )
          return
        }
        const created = expectCreated(exchange, receiver, sent, `metadata with ${name}`)
        const found = await readIncomingPayment(resources, created.id, token, 'IP-METADATA')
        expect(
          (found.response.json as IncomingPayment).metadata,
          rule('IP-METADATA', `get returns metadata with ${name} as sent`),
        ).toEqual(sent.metadata)
      },
    )
  }
})
