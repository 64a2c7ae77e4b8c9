import fc from 'fast-check'
import { amountIn } from '../discovery/discovery.ts'
import { test } from '../fixtures/conformance-test.ts'
import {
  type GrantLimitModel,
  type GrantLimitSystem,
  PayUnderLimitCommand,
} from '../model/grant-limit-commands.ts'
import { LimitedPayments } from '../resources/limited-payments.ts'
import { timeoutFor } from './support/property-budget.ts'
import { propertyDetails, runProperty } from './support/run-property.ts'

// Each run obtains a grant of its own (with consent) and makes up to MAX_COMMANDS payments of a few units.
const BUDGET = { numRuns: 6, timeLimitMs: 30_000 }
const NAME = 'grant-limits-model'
const MAX_COMMANDS = 5

const grantCaseArb = fc.record({
  side: fc.constantFrom('debit' as const, 'receive' as const),
  limitUnits: fc.bigInt({ min: 1n, max: 10n }),
  commands: fc.commands([fc.bigInt({ min: 1n, max: 6n }).map((units) => new PayUnderLimitCommand(units))], {
    maxCommands: MAX_COMMANDS,
  }),
})

test.describe('grant limits: a model of what a limited grant lets through', () => {
  test(
    'any sequence of payments under a debitAmount or receiveAmount limit is created exactly while it fits',
    propertyDetails(NAME, 'LIM-AMOUNT'),
    async ({ grants, resources, discovery, paymentSteps }, testInfo) => {
      test.setTimeout(timeoutFor(BUDGET))
      const { unit } = discovery
      await runProperty(
        testInfo,
        NAME,
        grantCaseArb,
        ({ side, limitUnits, commands }) =>
          fc.asyncModelRun(async () => {
            const limit = limitUnits * unit
            const walletAddress = side === 'debit' ? discovery.sender : discovery.receiver
            const key = side === 'debit' ? 'debitAmount' : 'receiveAmount'
            const payments = await LimitedPayments.obtain(
              { grants, resources, discovery, paymentSteps },
              { [key]: amountIn(walletAddress, limit) },
            )
            const model: GrantLimitModel = { side, limit, spent: 0n }
            const real: GrantLimitSystem = { payments, receiver: (await payments.receiver()).id, unit }
            return { model, real }
          }, commands),
        BUDGET,
      )
    },
  )
})
