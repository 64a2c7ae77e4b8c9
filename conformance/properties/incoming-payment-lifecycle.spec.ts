import fc from 'fast-check'
import { test } from '../fixtures/conformance-test.ts'
import { CompleteIncomingPaymentCommand } from '../model/complete-incoming-payment-command.ts'
import { CreateIncomingPaymentCommand } from '../model/create-incoming-payment-command.ts'
import { GetIncomingPaymentCommand } from '../model/get-incoming-payment-command.ts'
import type { IncomingPaymentModel, IncomingPaymentSystem } from '../model/incoming-payment-model.ts'
import { ListIncomingPaymentsCommand } from '../model/list-incoming-payments-command.ts'
import { UnknownIncomingPaymentCommand } from '../model/unknown-incoming-payment-command.ts'
import { newMarker } from '../resources/resources.ts'
import { incomingAmountValueArb, metadataArb } from './arbitraries/incoming-payment-arbitraries.ts'
import { timeoutFor } from './support/property-budget.ts'
import { propertyDetails, runProperty } from './support/run-property.ts'

// Every run creates its payments on the shared receiver. fast-check keeps most sequences short, and refusing
// a second complete needs a create and two completes of the same payment: with creates and completes drawn
// twice as often as the others, about one run in six gets there, so 30 runs nearly always do (a few seconds).
const BUDGET = { numRuns: 30, timeLimitMs: 25_000 }
const MAX_COMMANDS = 10

const commandArb = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.option(incomingAmountValueArb, { nil: undefined }),
        fc.option(metadataArb, { nil: undefined }),
      )
      .map(([amount, metadata]) => new CreateIncomingPaymentCommand(amount, metadata)),
  },
  { weight: 1, arbitrary: fc.nat().map((index) => new GetIncomingPaymentCommand(index)) },
  { weight: 2, arbitrary: fc.nat().map((index) => new CompleteIncomingPaymentCommand(index)) },
  { weight: 1, arbitrary: fc.constant(new ListIncomingPaymentsCommand()) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('get' as const, 'complete' as const), fc.uuid({ version: 4 }))
      .map(([action, uuid]) => new UnknownIncomingPaymentCommand(action, uuid)),
  },
)

const commandsArb = fc.commands<IncomingPaymentModel, IncomingPaymentSystem, false>([commandArb], {
  maxCommands: MAX_COMMANDS,
})

test.describe('incoming payments behave as a model of their lifecycle', () => {
  test(
    'any sequence of create, get, complete, list and requests for unknown ids agrees with the model',
    propertyDetails('incoming-payment-lifecycle', 'IP-CREATE', 'IP-GET', 'IP-LIST', 'IP-COMPLETE'),
    async ({ resources, discovery, sharedGrants }, testInfo) => {
      test.setTimeout(timeoutFor(BUDGET))
      await runProperty(
        testInfo,
        'incoming-payment-lifecycle',
        commandsArb,
        (commands) =>
          fc.asyncModelRun(
            async () => ({
              model: { runMarker: newMarker(), payments: [] },
              // Per run, not per test: the shared grant is renewed shortly before it expires.
              real: {
                resources,
                token: await sharedGrants.token('incoming-payment'),
                receiver: discovery.receiver,
              },
            }),
            commands,
          ),
        BUDGET,
      )
    },
  )
})
