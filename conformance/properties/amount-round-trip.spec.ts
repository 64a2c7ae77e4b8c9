import { expectCreated } from '../checks/incoming-payment-checks.ts'
import { uint64ValueArb } from './arbitraries/amount-arbitraries.ts'
import {
  amountIn,
  bodyOf,
  type Discovery,
  expect,
  hasMarker,
  markerMetadata,
  newMarker,
  propertyDetails,
  type Resources,
  resourceCalls,
  rule,
  runProperty,
  type SharedGrants,
  summarize,
  test,
  walkList,
  warn,
} from './support/property-test.ts'

// Each run creates an incoming payment on the shared receiver.
const BUDGET = { numRuns: 15, timeLimitMs: 20_000 }

test.describe('amounts: a uint64 value is kept digit for digit or refused', () => {
  test(
    'any uint64 incomingAmount value answers 201 echoing it exactly, or 400 creating nothing',
    propertyDetails('incoming-amount-uint64', 'AMT-UINT64'),
    async ({ resources, discovery, sharedGrants }, testInfo) => {
      const { receiver } = discovery
      // First an ordinary value: a server that does not return it as sent has an echo problem (IP-CREATE), which
      // says nothing of the uint64 range, and the test stops there.
      const sent = { incomingAmount: amountIn(receiver, 1n) }
      const control = await resources.send(
        resourceCalls.createIncomingPaymentWith(receiver, sent),
        await sharedGrants.token('incoming-payment'),
      )
      expect(control).toAnswer(201, 'AMT-UINT64', 'positive control, incomingAmount 1 is accepted')
      expectCreated(control, receiver, sent, 'positive control, incomingAmount 1')

      const refused: Refused[] = []
      const echoed = echoesIncomingAmount(resources, discovery, sharedGrants, refused)
      await runProperty(testInfo, 'incoming-amount-uint64', uint64ValueArb, echoed, BUDGET)
      if (refused.length > 0) await expectRefusedCreatedNothing(resources, discovery, sharedGrants, refused)
    },
  )
})

interface Refused {
  value: bigint
  marker: string
}

/** The oracle: create and get both show the incomingAmount digit for digit, or the create is a 400. */
function echoesIncomingAmount(
  resources: Resources,
  { receiver }: Discovery,
  sharedGrants: SharedGrants,
  refused: Refused[],
) {
  const testMarker = newMarker()
  return async (value: bigint) => {
    // Asked for at each run, not once per test: the search outlasts a short-lived token, renewed between runs.
    const token = await sharedGrants.token('incoming-payment')
    const marker = `${testMarker}-${value}`
    const incomingAmount = amountIn(receiver, value)
    const created = await resources.send(
      resourceCalls.createIncomingPaymentWith(receiver, { incomingAmount, metadata: markerMetadata(marker) }),
      token,
    )
    // A server may cap one incoming payment below the uint64 maximum; the error envelope is checked on every
    // response.
    if (created.response.status === 400) {
      refused.push({ value, marker })
      return
    }
    expect(created).toAnswer(201, 'AMT-UINT64', `incomingAmount ${value} answers 201 or 400`)
    const payment = bodyOf(created, 'incoming-payment')
    expect(
      payment.incomingAmount,
      rule('AMT-UINT64', `create returns incomingAmount ${value} digit for digit: ${summarize(created)}`),
    ).toEqual(incomingAmount)
    // What was stored, not only what was echoed.
    const read = await resources.send(resourceCalls.getIncomingPayment(payment.id), token)
    expect(read).toAnswer(200, 'AMT-UINT64', `get of an incoming payment with incomingAmount ${value}`)
    expect(
      bodyOf(read, 'incoming-payment').incomingAmount,
      rule('AMT-UINT64', `get returns incomingAmount ${value} digit for digit: ${summarize(read)}`),
    ).toEqual(incomingAmount)
  }
}

/** A refused value is a warning, and must have created nothing. */
async function expectRefusedCreatedNothing(
  resources: Resources,
  { receiver }: Discovery,
  sharedGrants: SharedGrants,
  refused: Refused[],
): Promise<void> {
  warn('AMT-UINT64', `refused with 400: incomingAmount ${refused.map((r) => r.value).join(', ')}`)
  const listed = await walkList(
    resources,
    resourceCalls.listIncomingPayments(receiver, 100),
    await sharedGrants.token('incoming-payment'),
    'IP-LIST',
  )
  for (const { value, marker } of refused) {
    expect(
      listed.some((item) => hasMarker(item, marker)),
      rule('AMT-UINT64', `the refused incomingAmount ${value} created nothing`),
    ).toBe(false)
  }
}
