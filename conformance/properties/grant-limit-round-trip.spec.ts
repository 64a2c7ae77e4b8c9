import type { WalletAddress } from '@interledger/open-payments'
import fc from 'fast-check'
import { expectAccessGranted } from '../checks/access-checks.ts'
import { amountIn, expect, rule, summarize, test, warn } from '../fixtures/conformance-test.ts'
import { outgoingPaymentAccess } from '../harness/gnap/grant-requests.ts'
import { uint64ValueArb } from './arbitraries/amount-arbitraries.ts'
import { timeoutFor } from './support/property-budget.ts'
import { propertyDetails, runProperty } from './support/run-property.ts'

// Each run is an outgoing-payment grant: a consent and a continuation, about 1 s with a 1 s continue.wait.
const BUDGET = { numRuns: 8, timeLimitMs: 12_000 }
const NAME = 'grant-limit-uint64'

test.describe('amounts: a grant keeps the limit it is asked for, digit for digit, or refuses it', () => {
  test(
    'any uint64 debitAmount or receiveAmount limit is issued exactly as requested, or the request is refused with 400',
    propertyDetails(NAME, 'AMT-UINT64', 'CONT-SUCCESS'),
    async ({ grants, discovery }, testInfo) => {
      test.setTimeout(timeoutFor(BUDGET))
      const { sender, receiver } = discovery
      const refused: string[] = []

      await runProperty(
        testInfo,
        NAME,
        fc.tuple(fc.constantFrom('debitAmount' as const, 'receiveAmount' as const), uint64ValueArb),
        async ([key, value]) => {
          // A debitAmount is in the sender's asset, a receiveAmount in the receiver's.
          const asset: WalletAddress = key === 'debitAmount' ? sender : receiver
          const limits = { [key]: amountIn(asset, value) }
          const outcome = await grants.outgoingPaymentIfGranted(sender, { limits })
          const what = `an outgoing-payment grant limited to ${key} ${value}`
          if ('refused' in outcome) {
            const exchange = outcome.refused
            expect(
              exchange.response.status,
              rule(
                'ROB-INVALID-INPUT',
                `${what} answers a client error, not a server error: ${summarize(exchange)}`,
              ),
            ).toBeLessThan(500)
            expect(exchange).toAnswer(400, 'AMT-UINT64', `${what} is granted, or refused with 400`)
            refused.push(`${key} ${value}`)
            return
          }
          const token = outcome.issued.grant.access_token
          const granted = expectAccessGranted(
            'CONT-SUCCESS',
            token,
            outgoingPaymentAccess(sender, undefined, limits),
          )
          expect(
            (granted as { limits?: Record<string, unknown> }).limits?.[key],
            rule('AMT-UINT64', `the issued token keeps the ${key} limit ${value} digit for digit`),
          ).toEqual(limits[key])
        },
        BUDGET,
      )
      if (refused.length > 0) warn('AMT-UINT64', `grants refused with 400: ${refused.join(', ')}`)
    },
  )
})
