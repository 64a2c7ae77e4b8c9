import fc from 'fast-check'
import { test } from '../fixtures/conformance-test.ts'
import { waitsLong } from '../harness/time/long-wait.ts'
import { newMarker } from '../steps/resources.ts'
import { incomingAmountValueArb, metadataArb } from './arbitraries/incoming-payment-arbitraries.ts'
import { CompleteIncomingPaymentCommand } from './model/complete-incoming-payment-command.ts'
import { CreateIncomingPaymentCommand } from './model/create-incoming-payment-command.ts'
import { GetIncomingPaymentCommand } from './model/get-incoming-payment-command.ts'
import type { IncomingPaymentModel, IncomingPaymentSystem } from './model/incoming-payment-model.ts'
import { ListIncomingPaymentsCommand } from './model/list-incoming-payments-command.ts'
import { PayIncomingPaymentCommand } from './model/pay-incoming-payment-command.ts'
import { UnknownIncomingPaymentCommand } from './model/unknown-incoming-payment-command.ts'
import { WaitForExpiryCommand } from './model/wait-for-expiry-command.ts'
import { timeoutFor } from './support/property-budget.ts'
import { propertyDetails, runProperty } from './support/run-property.ts'

// Every run creates its payments on the shared receiver and pays them from the sender. A run that waits for its
// short-lived payments to expire spends a few seconds doing so, which is most of what the property costs: it is
// scheduled with the long waits. Refusing a second complete needs a create and two completes of the same payment,
// and paying a completed or expired payment a create, a complete or a wait, and a payment: with those commands
// drawn more often than the others, and sequences of medium length, 25 runs nearly always get there.
const BUDGET = { numRuns: 25, timeLimitMs: 25_000 }
const MAX_COMMANDS = 12

/** Payable amounts, in the target's units: small, so a few payments reach an incomingAmount of a few units. */
const unitsArb = fc.bigInt({ min: 1n, max: 4n })

function commandsArb(unit: bigint) {
  const incomingAmountArb = fc.option(
    // Mostly a few units, so that payments reach it exactly (completion) or go beyond it.
    fc.oneof(
      { weight: 3, arbitrary: unitsArb.map((units) => units * unit) },
      { weight: 1, arbitrary: incomingAmountValueArb },
    ),
    { nil: undefined },
  )
  const command = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(incomingAmountArb, fc.option(metadataArb, { nil: undefined }), fc.boolean())
        .map(
          ([amount, metadata, shortLived]) => new CreateIncomingPaymentCommand(amount, metadata, shortLived),
        ),
    },
    { weight: 1, arbitrary: fc.nat().map((index) => new GetIncomingPaymentCommand(index)) },
    { weight: 2, arbitrary: fc.nat().map((index) => new CompleteIncomingPaymentCommand(index)) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.nat(), unitsArb)
        .map(([index, units]) => new PayIncomingPaymentCommand(index, units)),
    },
    // Both are skipped until they apply (a payment to expire, one completed or expired), so they cost nothing
    // before and, drawn often, follow soon after.
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.nat(), unitsArb)
        .map(([index, units]) => new PayIncomingPaymentCommand(index, units, true)),
    },
    { weight: 4, arbitrary: fc.constant(new WaitForExpiryCommand()) },
    { weight: 1, arbitrary: fc.constant(new ListIncomingPaymentsCommand()) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('get' as const, 'complete' as const), fc.uuid({ version: 4 }))
        .map(([action, uuid]) => new UnknownIncomingPaymentCommand(action, uuid)),
    },
  )
  // Longer sequences than fast-check's default: paying a completed or expired payment takes three steps or more.
  return fc.commands<IncomingPaymentModel, IncomingPaymentSystem, false>([command], {
    maxCommands: MAX_COMMANDS,
    size: 'medium',
  })
}

test.describe('incoming payments behave as a model of their lifecycle', () => {
  test(
    'any sequence of create, get, complete, list, payments in, expiry and requests for unknown ids agrees with the model',
    waitsLong(
      propertyDetails(
        'incoming-payment-lifecycle',
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
      test.setTimeout(timeoutFor(BUDGET))
      const { receiver, unit } = discovery
      // The target's clock, read once: short lifetimes are set on it, not on ours.
      const stamp = await paymentSteps.receiver()
      const clock = { createdAt: stamp.payment.createdAt, receivedAt: stamp.receivedAt }
      await runProperty(
        testInfo,
        'incoming-payment-lifecycle',
        commandsArb(unit),
        (commands) =>
          fc.asyncModelRun(
            async () => ({
              model: { runMarker: newMarker(), payments: [], waited: false },
              // Per run, not per test: the shared grant is renewed shortly before it expires.
              real: {
                resources,
                token: await sharedGrants.token('incoming-payment'),
                receiver,
                steps: paymentSteps,
                unit,
                clock,
              },
            }),
            commands,
          ),
        BUDGET,
      )
    },
  )
})
