import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { incomingLifetimeMs } from '../harness/target/ase-settings.ts'
import { incomingPaymentCommandsArb } from './model/incoming-payment-commands.ts'
import type { IncomingPaymentModel, IncomingPaymentSystem } from './model/incoming-payment-model.ts'
import { UnknownIncomingPaymentCommand } from './model/unknown-incoming-payment-command.ts'
import {
  type Discovery,
  newMarker,
  type PaymentSteps,
  propertyDetails,
  type Resources,
  runProperty,
  type SharedGrants,
  test,
  waitsLong,
} from './support/property-test.ts'

// Every run creates its payments on the shared receiver and pays them from the sender. A run that waits for its
// short-lived payments to expire spends a few seconds doing so, which is most of what the property costs: it is
// scheduled with the long waits.
// A run's payments settle on the target's time (waits.settlementSeconds), and its short-lived payments live at
// least the target's minimum lifetime: a run's share of the test's time follows both.
const BUDGET = { numRuns: 25, timeLimitMs: 25_000, runMs: 10_000 + incomingLifetimeMs(1_000), settlements: 3 }
const NAME = 'incoming-payment-lifecycle'

test.describe('incoming payments behave as a model of their lifecycle', () => {
  test(
    'any sequence of create, get, complete, list, payments in, expiry and requests for unknown ids agrees with the model',
    waitsLong(
      propertyDetails(
        NAME,
        'IP-CREATE',
        'IP-GET',
        'IP-LIST',
        'IP-COMPLETE',
        'IP-COMPLETE-ON-RECEIPT',
        'IP-REJECT-AFTER-COMPLETE',
        'IP-REJECT-AFTER-EXPIRY',
      ),
    ),
    async ({ resources, discovery, sharedGrants, paymentSteps }, testInfo) => {
      // The target's clock, read once: short lifetimes are set on it, not on ours.
      const stamp = await paymentSteps.receiver()
      const clock = { createdAt: stamp.payment.createdAt, receivedAt: stamp.receivedAt }
      const setup = startRun({ resources, discovery, sharedGrants, paymentSteps }, clock)
      await runProperty(
        testInfo,
        NAME,
        incomingPaymentCommandsArb(discovery.unit),
        (commands) => fc.asyncModelRun(setup, commands),
        BUDGET,
      )
      // Whatever the runs did, an id the server never issued is still unknown. Asked once each way after the
      // search: drawn at random among the commands, a search cut to 10 runs missed the complete about 1 time in 5,
      // and drawing it more often crowds out the longer paths (paying a completed payment).
      const { model, real } = await setup()
      for (const action of ['get', 'complete'] as const)
        await new UnknownIncomingPaymentCommand(action, randomUUID()).run(model, real)
    },
  )
})

/** A run starts with an empty model, against the shared receiver. */
function startRun(
  {
    resources,
    discovery,
    sharedGrants,
    paymentSteps,
  }: { resources: Resources; discovery: Discovery; sharedGrants: SharedGrants; paymentSteps: PaymentSteps },
  clock: IncomingPaymentSystem['clock'],
) {
  return async (): Promise<{ model: IncomingPaymentModel; real: IncomingPaymentSystem }> => ({
    model: { runMarker: newMarker(), payments: [], waited: false },
    // Per run, not per test: the shared grant is renewed shortly before it expires.
    real: {
      resources,
      token: await sharedGrants.token('incoming-payment'),
      receiver: discovery.receiver,
      steps: paymentSteps,
      unit: discovery.unit,
      clock,
    },
  })
}
