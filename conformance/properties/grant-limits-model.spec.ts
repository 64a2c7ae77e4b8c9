import fc from 'fast-check'
import { LimitedPayments, type LimitedPaymentsContext } from '../checks/limited-payments.ts'
import { PayUnderLimitCommand, ReadSpentCommand } from './model/grant-limit-commands.ts'
import { PayTwiceCommand, WaitForNextIntervalCommand } from './model/grant-limit-failure-commands.ts'
import type { GrantLimitModel, GrantLimitSystem } from './model/grant-limit-model.ts'
import {
  amountIn,
  IntervalClock,
  limitInterval,
  propertyDetails,
  runProperty,
  test,
  waitsLong,
} from './support/property-test.ts'

// Each run obtains a grant of its own (with consent) and makes a few payments of a few units. With an interval
// (the example tests' own, limitInterval), a step waits when too little of it is left, and a run may wait for the next
// one: most of what the property costs is waiting, so it is scheduled with the long waits. A run (a consent, then
// up to MAX_COMMANDS steps, each of which may wait out an interval or a settlement) starts no step after
// STEPS_MS, so it takes about a minute at most even where payments are slow to settle.
const BUDGET = { numRuns: 12, timeLimitMs: 30_000, settlements: 2 }
const NAME = 'grant-limits-model'
const MAX_COMMANDS = 6
const STEPS_MS = 20_000

const unitsArb = fc.bigInt({ min: 1n, max: 6n })

const grantCaseArb = fc.record({
  side: fc.constantFrom('debit' as const, 'receive' as const),
  limitUnits: fc.bigInt({ min: 1n, max: 10n }),
  withInterval: fc.boolean(),
  commands: fc.commands<GrantLimitModel, GrantLimitSystem, false>(
    [
      unitsArb.map((units) => new PayUnderLimitCommand(units)),
      unitsArb.map((units) => new PayTwiceCommand(units)),
      fc.constant(new ReadSpentCommand()),
      fc.constant(new WaitForNextIntervalCommand()),
    ],
    { maxCommands: MAX_COMMANDS },
  ),
})

interface GrantCase {
  side: GrantLimitModel['side']
  limitUnits: bigint
  withInterval: boolean
}

test.describe('grant limits: a model of what a limited grant lets through', () => {
  test(
    'any sequence of payments, failed payments, interval changes and readings under a debitAmount or receiveAmount limit agrees with the model',
    // Not OP-FAILED: a second payment into a completed receiver may be sent, failed or refused
    // (docs/spec-decisions.md), so the model checks only what a failed one releases.
    waitsLong(propertyDetails(NAME, 'LIM-AMOUNT', 'LIM-INTERVAL', 'GSA-GET')),
    async ({ grants, resources, discovery, paymentSteps }, testInfo) => {
      const fixtures = { grants, resources, discovery, paymentSteps }
      await runProperty(
        testInfo,
        NAME,
        grantCaseArb,
        ({ commands, ...grantCase }) => fc.asyncModelRun(() => startRun(fixtures, grantCase), commands),
        BUDGET,
      )
    },
  )
})

/** A run starts with a grant of its own under the drawn limit, and a model that has paid nothing. */
async function startRun(
  fixtures: LimitedPaymentsContext,
  { side, limitUnits, withInterval }: GrantCase,
): Promise<{ model: GrantLimitModel; real: GrantLimitSystem }> {
  const { unit, sender, receiver: receiverAddress } = fixtures.discovery
  const limit = limitUnits * unit
  const walletAddress = side === 'debit' ? sender : receiverAddress
  const key = side === 'debit' ? 'debitAmount' : 'receiveAmount'
  const interval = withInterval ? limitInterval() : undefined
  const payments = await LimitedPayments.obtain(fixtures, {
    [key]: amountIn(walletAddress, limit),
    ...(interval && { interval: interval.value }),
  })
  const clock =
    interval &&
    (await IntervalClock.start(interval, async () => Date.parse((await payments.receiver()).createdAt)))
  const model: GrantLimitModel = {
    side,
    limit,
    payments: [],
    unknowable: new Set(),
    hasInterval: interval !== undefined,
    waited: false,
    stepsUntil: Date.now() + STEPS_MS,
  }
  const real: GrantLimitSystem = {
    payments,
    receiver: (await payments.receiver()).id,
    unit,
    clock,
    assets: { debit: sender, receive: receiverAddress },
  }
  return { model, real }
}
