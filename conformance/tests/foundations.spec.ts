import { expectImmediateGrant } from '../checks/access-checks.ts'
import { coreFields } from '../checks/incoming-payment-checks.ts'
import {
  amountIn,
  discover,
  expect,
  foundation,
  incomingPaymentAccess,
  rule,
  test,
} from '../fixtures/conformance-test.ts'

/**
 * The first stage of a run (the `foundations` project, whose steps the other workers wait for: docs/verdict.md): the
 * steps nearly every test needs, one test each, in order, in one worker. A step that fails is the verdict's failure,
 * charged by the check that saw it, like any other; the tests that need it are then not run, their rules NOT
 * TESTED with "not reached: <step> fails: …" (conformance/harness/foundations/), unless the run is `--no-stop`. The
 * grants proven here are the run's shared grants, which every later worker reuses: the stage costs a correct
 * server little more than the work it does anyway.
 */
test.describe('foundations', () => {
  test('the wallet address documents', foundation('wallet-addresses', 'WA-DOC'), async ({ api, target }) => {
    await discover(api, target)
  })

  // Judged as the rule's own test judges a grant: one issued for another wallet address, or as a token without
  // a continuation, fails here rather than letting every later test build on it.
  test(
    'a non-interactive grant',
    foundation('grant', 'GNAP-GRANT-IMMEDIATE'),
    async ({ sharedGrants, discovery }) => {
      const { grant } = await sharedGrants.incomingPayment()
      // What SharedGrants asks for: every incoming-payment action on the receiver.
      expectImmediateGrant('GNAP-GRANT-IMMEDIATE', grant, incomingPaymentAccess(discovery.receiver))
    },
  )

  test(
    'an interactive grant with consent',
    foundation('interactive-grant', 'GNAP-GRANT-INTERACTIVE', 'GNAP-FINISH-HASH', 'CONT-SUCCESS'),
    async ({ sharedGrants }) => {
      await sharedGrants.outgoingPayment()
    },
  )

  test(
    'creating and reading an incoming payment',
    foundation('incoming-payment', 'IP-CREATE', 'IP-GET'),
    async ({ incoming }) => {
      const created = await incoming.created()
      const found = await incoming.readBody(created.id, 'IP-GET#found')
      expect(coreFields(found), rule('IP-GET#found', 'get shows the fields create returned')).toEqual(
        coreFields(created),
      )
    },
  )

  test('a quote', foundation('quote', 'QT-CREATE'), async ({ discovery, paymentSteps: steps }) => {
    const { sender, unit } = discovery
    const { payment: receiver } = await steps.receiver({ incomingValue: 1000n * unit })
    await steps.quote(receiver.id, { debitAmount: amountIn(sender, 3n * unit) })
  })

  test(
    'an outgoing payment',
    foundation('outgoing-payment', 'OP-CREATE-QUOTE'),
    async ({ discovery, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      const { payment: receiver } = await steps.receiver({ incomingValue: 1000n * unit })
      const quote = await steps.quote(receiver.id, { debitAmount: amountIn(sender, 3n * unit) })
      await steps.pay(quote)
    },
  )
})
