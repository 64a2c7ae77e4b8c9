import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import {
  type Alteration,
  alteredOperationArb,
  bodyAlterationArb,
  signatureAlterationArb,
} from './arbitraries/alteration-arbitraries.ts'
import { type AlteredRequest, alterRequest } from './support/alter-request.ts'
import { expectClientError } from './support/expect-client-error.ts'
import {
  bodyOf,
  type ConformanceApi,
  type Discovery,
  expect,
  hasMarker,
  markerMetadata,
  newMarker,
  propertyDetails,
  type Resources,
  type RuleId,
  resourceCalls,
  rule,
  runProperty,
  type SharedGrants,
  summarize,
  test,
  waitsLong,
  walkList,
} from './support/property-test.ts'

// One altered request per run (and one incoming payment to complete), one list walk at the end.
const BUDGET = { numRuns: 150, timeLimitMs: 25_000 }
const NAME = 'signed-request-alteration'
// A body byte changed in a create: one request per run, and fewer kinds of change to try.
const BODY_BUDGET = { numRuns: 40, timeLimitMs: 10_000 }
const BODY_NAME = 'signed-body-alteration'

const alteredRequestArb = fc.tuple(alteredOperationArb, signatureAlterationArb)
// Only a create has a body to alter.
const alteredBodyArb = fc.tuple(fc.constant('create incoming payment' as const), bodyAlterationArb)

// Two searches, one per rule: a server that checks signatures but not digests fails SIG-DIGEST on the second
// and still has SIG-VERIFY decided by the first (one search that stopped on a digest left SIG-VERIFY
// inconclusive).
test.describe('signatures: any single change to a signed request is refused', () => {
  test(
    'a create or complete altered once after signing answers 401 (or no route) and does nothing; unaltered, it succeeds',
    // 150 runs of requests one after another: at a remote target among the longest tests, started early.
    waitsLong(propertyDetails(NAME, 'SIG-VERIFY')),
    async ({ api, resources, discovery, sharedGrants }, testInfo) => {
      const run = { api, resources, discovery, sharedGrants, marker: newMarker() }
      await runProperty(testInfo, NAME, alteredRequestArb, refusedWithoutEffect(run), BUDGET)

      await expectOnlyControlCreated(run, 'SIG-VERIFY')
    },
  )

  test(
    'a create whose body is altered after signing answers 401 and creates nothing; unaltered, it succeeds',
    waitsLong(propertyDetails(BODY_NAME, 'SIG-DIGEST')),
    async ({ api, resources, discovery, sharedGrants }, testInfo) => {
      const run = { api, resources, discovery, sharedGrants, marker: newMarker() }
      await runProperty(testInfo, BODY_NAME, alteredBodyArb, refusedWithoutEffect(run), BODY_BUDGET)

      await expectOnlyControlCreated(run, 'SIG-DIGEST')
    },
  )
})

interface AlterationRun {
  api: ConformanceApi
  resources: Resources
  discovery: Discovery
  sharedGrants: SharedGrants
  marker: string
}

/** The oracle: the altered create or complete is refused, and the complete leaves its payment open. */
function refusedWithoutEffect({
  api,
  resources,
  discovery: { receiver },
  sharedGrants,
  marker,
}: AlterationRun) {
  return async ([operation, alteration]: [string, Alteration]) => {
    // Asked for at each run: a token held from the test's start could expire during the search, and the 401
    // it gets would pass for a refused signature.
    const token = await sharedGrants.token('incoming-payment')
    const suffix = `run${randomUUID().slice(0, 8)}`
    let altered: AlteredRequest | undefined
    const alter = (signed: Parameters<typeof alterRequest>[0]) => {
      altered = alterRequest(signed, alteration, suffix)
      return altered.request
    }
    if (operation === 'create incoming payment') {
      const call = resourceCalls.createIncomingPaymentWith(receiver, {
        metadata: markerMetadata(`${marker}-${suffix}`),
      })
      const exchange = await api.send({ ...call, token, alter, input: 'invalid' })
      const { what, ...refusal } = altered as AlteredRequest
      expectClientError(exchange, { ...refusal, what: `creating an incoming payment with ${what}` })
      return
    }
    // Its marker is not under `${marker}-run`: this one is created on purpose.
    const payment = await resources.createIncomingPayment(token, receiver, {
      incomingValue: 100n,
      marker: `${marker}-target-${suffix}`,
    })
    const exchange = await api.send({
      ...resourceCalls.completeIncomingPayment(payment.id),
      token,
      alter,
      input: 'invalid',
    })
    const { what, ...refusal } = altered as AlteredRequest
    expectClientError(exchange, { ...refusal, what: `completing an incoming payment with ${what}` })
    const after = await resources.send(resourceCalls.getIncomingPayment(payment.id), token)
    expect(after).toAnswer(200, refusal.rule, `reading the payment after the refused complete (${what})`)
    expect(
      bodyOf(after, 'incoming-payment').completed,
      rule(
        refusal.rule,
        `the refused complete (${what}) left the payment not completed: ${summarize(after)}`,
      ),
    ).toBe(false)
  }
}

/** Positive control: the same create unaltered succeeds, and the walk sees it, so it would have seen others. */
async function expectOnlyControlCreated(
  { resources, discovery: { receiver }, sharedGrants, marker }: AlterationRun,
  ruleId: RuleId,
) {
  const token = await sharedGrants.token('incoming-payment')
  const control = await resources.send(
    resourceCalls.createIncomingPaymentWith(receiver, { metadata: markerMetadata(`${marker}-control`) }),
    token,
  )
  expect(control).toAnswer(201, ruleId, 'positive control, unaltered')
  const listed = await walkList(
    resources,
    resourceCalls.listIncomingPayments(receiver, 100),
    token,
    'IP-LIST',
  )
  expect(
    listed.filter((item) => hasMarker(item, `${marker}-run`)),
    rule(ruleId, 'no altered create made an incoming payment'),
  ).toEqual([])
  expect(
    listed.some((item) => hasMarker(item, `${marker}-control`)),
    rule(ruleId, 'the unaltered control create is listed'),
  ).toBe(true)
}
