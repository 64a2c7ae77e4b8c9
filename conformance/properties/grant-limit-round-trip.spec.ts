import type { WalletAddress } from '@interledger/open-payments'
import fc from 'fast-check'
import { expectAccessGranted } from '../checks/access-checks.ts'
import { uint64ValueArb } from './arbitraries/amount-arbitraries.ts'
import { expectClientError } from './support/expect-client-error.ts'
import {
  amountIn,
  type Discovery,
  expect,
  type Grants,
  outgoingPaymentAccess,
  propertyDetails,
  rule,
  runProperty,
  test,
  warn,
} from './support/property-test.ts'

// Each run is an outgoing-payment grant: a consent and a continuation, about 1 s with a 1 s continue.wait.
const BUDGET = { numRuns: 8, timeLimitMs: 12_000 }
const NAME = 'grant-limit-uint64'

/** Which limit the grant asks for, and its value. */
const limitArb = fc.tuple(fc.constantFrom('debitAmount' as const, 'receiveAmount' as const), uint64ValueArb)

test.describe('amounts: a grant keeps the limit it is asked for, digit for digit, or refuses it', () => {
  test(
    'any uint64 debitAmount or receiveAmount limit is issued exactly as requested, or the request is refused with 400',
    propertyDetails(NAME, 'AMT-UINT64', 'CONT-SUCCESS'),
    async ({ grants, discovery }, testInfo) => {
      const refused: string[] = []
      await runProperty(testInfo, NAME, limitArb, keepsTheLimit(grants, discovery, refused), BUDGET)
      if (refused.length > 0) warn('AMT-UINT64', `grants refused with 400: ${refused.join(', ')}`)
    },
  )
})

/** The oracle: the issued token keeps the limit digit for digit, or the request is refused with 400. */
function keepsTheLimit(grants: Grants, { sender, receiver }: Discovery, refused: string[]) {
  return async ([key, value]: ['debitAmount' | 'receiveAmount', bigint]) => {
    // A debitAmount is in the sender's asset, a receiveAmount in the receiver's.
    const asset: WalletAddress = key === 'debitAmount' ? sender : receiver
    const limits = { [key]: amountIn(asset, value) }
    const outcome = await grants.outgoingPaymentIfGranted(sender, { limits })
    const what = `an outgoing-payment grant limited to ${key} ${value}`
    if ('refused' in outcome) {
      expectClientError(outcome.refused, { rule: 'AMT-UINT64', what, statuses: [400], envelope: false })
      refused.push(`${key} ${value}`)
      return
    }
    const token = outcome.issued.grant.access_token
    const granted = expectAccessGranted(
      'CONT-SUCCESS#access-token',
      token,
      outgoingPaymentAccess(sender, undefined, limits),
    )
    expect(
      (granted as { limits?: Record<string, unknown> }).limits?.[key],
      rule('AMT-UINT64', `the issued token keeps the ${key} limit ${value} digit for digit`),
    ).toEqual(limits[key])
  }
}
