import fc from 'fast-check'
import { expectRefusal } from '../checks/refusals.ts'
import { paymentValueArb } from './arbitraries/amount-arbitraries.ts'
import {
  amountIn,
  BEYOND_ANY_BALANCE,
  bodyOf,
  type Discovery,
  expect,
  type Grants,
  hasMarker,
  MAX_UINT64,
  newMarker,
  type PaymentSteps,
  propertyDetails,
  type Resources,
  resourceCalls,
  rule,
  runProperty,
  summarize,
  test,
  walkList,
} from './support/property-test.ts'

// Each run pays a sequence under a grant of its own (one consent, about 1 s), so what a grant has spent never
// carries from one run to the next: a failure shrinks to the payments that cause it, and replays.
const BUDGET = { numRuns: 6, timeLimitMs: 15_000, settlements: 1 }
const MAX_PAYMENTS = 8
const NAME = 'payment-amount-uint64'
/** A payment no account can cover may be refused at once, as the example tests accept (OP-FAILED). */
const REFUSED = [400, 403]

const paymentValuesArb = (unit: bigint) =>
  fc.array(paymentValueArb(unit), { minLength: 1, maxLength: MAX_PAYMENTS })

interface Refused {
  value: bigint
  marker: string
}

interface Fixtures {
  grants: Grants
  paymentSteps: PaymentSteps
  resources: Resources
  discovery: Discovery
}

test.describe('amounts: an outgoing payment keeps the debitAmount it is given, digit for digit, or refuses it', () => {
  test(
    'any uint64 debitAmounts of payments made from an incoming payment, one after another under one grant, are kept exactly or refused',
    propertyDetails(NAME, 'AMT-UINT64', 'OP-CREATE-INCOMING'),
    async ({ grants, paymentSteps, resources, discovery }, testInfo) => {
      const fixtures = { grants, paymentSteps, resources, discovery }
      const { payment: receiver } = await paymentSteps.receiver()
      const kept = keepsEveryDebitAmount(fixtures, receiver.id)
      await runProperty(testInfo, NAME, paymentValuesArb(discovery.unit), kept, BUDGET)
    },
  )
})

/**
 * The oracle: under one grant, each payment keeps its debitAmount digit for digit, or is refused and creates
 * nothing. The refusals are looked for in the run, under its own grant: a token kept for after the search
 * could expire before it.
 */
function keepsEveryDebitAmount(fixtures: Fixtures, receiverId: string) {
  return async (values: bigint[]) => {
    // No limit: what a payment may be is the amount's question here, not the grant's.
    const token = (await fixtures.grants.outgoingPayment(fixtures.discovery.sender)).grant.access_token.value
    const refused: Refused[] = []
    let created = 0n
    for (const value of values)
      created += await payOnce(fixtures, { receiverId, value, token, before: created }, refused)
    if (refused.length > 0) await expectRefusedCreatedNothing(fixtures, token, refused)
  }
}

/**
 * Pays `value` under the grant whose earlier payments were created for `before` in all, and returns what this
 * one adds. A payment beyond any balance may be refused, and so may one that would take the grant's totals past
 * the largest amount (the spent amounts could not be written).
 */
async function payOnce(
  { paymentSteps, resources, discovery }: Fixtures,
  { receiverId, value, token, before }: { receiverId: string; value: bigint; token: string; before: bigint },
  refused: Refused[],
): Promise<bigint> {
  const debitAmount = amountIn(discovery.sender, value)
  const marker = newMarker()
  const created = await paymentSteps.sendDirectPayment(receiverId, value, marker, token)
  const what = `a payment of debitAmount ${value} to ${receiverId}, under a grant that has created payments for ${before}`
  const mayRefuse = value >= BEYOND_ANY_BALANCE || before + value > MAX_UINT64
  if (mayRefuse && REFUSED.includes(created.response.status)) {
    expectRefusal(created, { rule: 'AMT-UINT64', what, statuses: REFUSED })
    refused.push({ value, marker })
    return 0n
  }
  expect(created).toAnswer(
    201,
    'OP-CREATE-INCOMING',
    `${what} answers 201${mayRefuse ? ' or a refusal' : ''}`,
  )
  const payment = bodyOf(created, 'outgoing-payment')
  expect(
    payment.debitAmount,
    rule('AMT-UINT64', `create returns debitAmount ${value} digit for digit: ${summarize(created)}`),
  ).toEqual(debitAmount)
  // What was stored, not only what was echoed.
  const read = await resources.send(resourceCalls.getOutgoingPayment(payment.id), token)
  expect(read).toAnswer(200, 'AMT-UINT64', `get of a payment of debitAmount ${value}`)
  expect(
    bodyOf(read, 'outgoing-payment').debitAmount,
    rule('AMT-UINT64', `get returns debitAmount ${value} digit for digit: ${summarize(read)}`),
  ).toEqual(debitAmount)
  return value
}

/** A refused payment must have created no outgoing payment. */
async function expectRefusedCreatedNothing(
  { resources, discovery }: Fixtures,
  token: string,
  refused: Refused[],
): Promise<void> {
  const listed = await walkList(
    resources,
    resourceCalls.listOutgoingPayments(discovery.sender, 100),
    token,
    'OP-GET',
  )
  for (const { value, marker } of refused) {
    expect(
      listed.some((item) => hasMarker(item, marker)),
      rule('AMT-UINT64', `the refused payment of ${value} created no outgoing payment`),
    ).toBe(false)
  }
}
