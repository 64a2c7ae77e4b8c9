import fc from 'fast-check'
import { incomingAmountValueArb, metadataArb } from '../arbitraries/incoming-payment-arbitraries.ts'
import { CompleteIncomingPaymentCommand } from './complete-incoming-payment-command.ts'
import { CreateIncomingPaymentCommand } from './create-incoming-payment-command.ts'
import { GetIncomingPaymentCommand } from './get-incoming-payment-command.ts'
import type { IncomingPaymentModel, IncomingPaymentSystem } from './incoming-payment-model.ts'
import { ListIncomingPaymentsCommand } from './list-incoming-payments-command.ts'
import { PayIncomingPaymentCommand } from './pay-incoming-payment-command.ts'
import { UnknownIncomingPaymentCommand } from './unknown-incoming-payment-command.ts'
import { WaitForExpiryCommand } from './wait-for-expiry-command.ts'

// Refusing a second complete needs a create and two completes of the same payment, and paying a completed or
// expired payment a create, a complete or a wait, and a payment: with those commands drawn more often than the
// others, and sequences of medium length, 25 runs nearly always get there.
const MAX_COMMANDS = 12

/** Payable amounts, in the target's units: small, so a few payments reach an incomingAmount of a few units. */
const unitsArb = fc.bigInt({ min: 1n, max: 4n })

/** Any sequence of the lifecycle's commands, weighted so that the rarer paths are reached in a few runs. */
export function incomingPaymentCommandsArb(unit: bigint) {
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
