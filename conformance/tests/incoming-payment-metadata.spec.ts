import { expectCreated } from '../checks/incoming-payment-checks.ts'
import { expectNothingCreated } from '../checks/nothing-created.ts'
import { expectRefusal } from '../checks/refusals.ts'
import {
  amountIn,
  covers,
  expect,
  markerMetadata,
  newMarker,
  rule,
  summarize,
  test,
  warn,
} from '../fixtures/conformance-test.ts'

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
  test('metadata that is not an object: 400', covers('IP-METADATA'), async ({ incoming }) => {
    const incomingAmount = amountIn(incoming.walletAddress, 100n)
    // The refused body has no room for a marker, so that it created nothing is not checked.
    const refused = await incoming.create({ incomingAmount, metadata: ['a', 1] }, 'invalid')
    expectRefusal(refused, { rule: 'IP-METADATA', statuses: [400], what: 'metadata that is an array' })

    const sent = { incomingAmount, metadata: { list: ['a', 1] } }
    const control = await incoming.create(sent)
    expectCreated(control, incoming.walletAddress, sent, 'positive control, the array inside an object')
  })

  for (const { name, metadata } of AWKWARD_METADATA) {
    test(`${name}: kept exactly, or refused`, covers('IP-METADATA'), async ({ incoming }) => {
      const marker = newMarker()
      const sent = { metadata: { ...metadata, ...markerMetadata(marker) } }
      // Valid JSON that a server may refuse (decisions.md), sent as invalid input so that a 5xx is also told as
      // the robustness finding it is; it still fails this rule, below: the spec allows arbitrary keys and values.
      const exchange = await incoming.create(sent, 'invalid')
      // A server error fails the rule; any other answer earns it nothing here: IP-METADATA holds only where the
      // metadata comes back as sent (below), and a refusal is the warning it is.
      if (exchange.response.status >= 500)
        expect(
          exchange.response.status,
          rule(
            'IP-METADATA',
            `metadata with ${name} is kept or refused, never a server error: ${summarize(exchange)}`,
          ),
        ).toBeLessThan(500)
      if (exchange.response.status >= 400) {
        warn('IP-METADATA', `metadata with ${name} was refused: ${summarize(exchange)}`)
        await expectNothingCreated(incoming, marker, 'IP-METADATA', `metadata with ${name}`)
        return
      }
      const created = expectCreated(exchange, incoming.walletAddress, sent, `metadata with ${name}`)
      expect(
        (await incoming.readBody(created.id, 'IP-GET#found')).metadata,
        rule('IP-METADATA#get', `get returns metadata with ${name} as sent`),
      ).toEqual(sent.metadata)
    })
  }
})
