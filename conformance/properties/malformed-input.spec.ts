import fc from 'fast-check'
import { expectNothingCreated } from '../checks/nothing-created.ts'
import { bodyBreakArb, bodyExtrasArb, queryBreakArb } from './arbitraries/malformed-arbitraries.ts'
import { breakRequest } from './support/break-request.ts'
import { expectClientError } from './support/expect-client-error.ts'
import { type MalformedTargets, malformedTargets } from './support/malformed-targets.ts'
import {
  type ConformanceApi,
  type Discovery,
  expect,
  hasMarker,
  newMarker,
  propertyDetails,
  type Resources,
  resourceCalls,
  rule,
  runProperty,
  type SharedGrants,
  summarize,
  test,
  waitsLong,
  walkList,
} from './support/property-test.ts'

// One request per run, then one walk of each list.
const BUDGET = { numRuns: 300, timeLimitMs: 30_000 }
const NAME = 'malformed-input'
const CLIENT_ERRORS = Array.from({ length: 100 }, (_, i) => 400 + i)

/** A broken body of one of the creates, or a broken query of one of the lists. */
function malformedCaseArb({ creates, lists }: MalformedTargets) {
  const createCaseArb = fc.record({
    target: fc.constantFrom(...creates.map((create) => create.name)),
    broken: bodyBreakArb,
    extras: bodyExtrasArb,
  })
  const queryCaseArb = fc.record({
    list: fc.constantFrom(...lists.map((l) => l.name)),
    query: queryBreakArb,
  })
  return fc.oneof(createCaseArb, queryCaseArb)
}
type MalformedCase = ReturnType<typeof malformedCaseArb> extends fc.Arbitrary<infer T> ? T : never

test.describe('malformed input never breaks a server', () => {
  test(
    'any broken body of a create or a grant request, and any broken list query, gets a 4xx and creates nothing',
    // 300 runs of requests one after another: at a remote target among the longest tests, started early.
    waitsLong(
      propertyDetails(
        NAME,
        'ROB-INVALID-INPUT',
        'IP-CREATE',
        'QT-CREATE',
        'OP-CREATE-INCOMING',
        'GNAP-GRANT-INVALID',
        'PAG-RANGE',
        'AMT-UINT64',
        'AMT-SCALE',
        'AMT-FIELDS',
      ),
    ),
    async (
      { api, resources, discovery, sharedGrants, paymentSteps, clientIdentity, validator },
      testInfo,
    ) => {
      const marker = newMarker()
      const incoming = (await paymentSteps.receiver({ incomingValue: 1000n * discovery.unit })).payment
      const targets = malformedTargets(discovery, incoming, clientIdentity.walletAddress, marker, validator)
      const oracle = refusedAsClientError(api, sharedGrants, targets)
      await runProperty(testInfo, NAME, malformedCaseArb(targets), oracle, BUDGET)
      await expectOnlyControlCreated({ api, resources, discovery, sharedGrants }, targets, marker)
    },
  )
})

/**
 * The oracle: a 4xx that names nothing created. Each request carries the shared token as it is when sent: one
 * held from the test's start could expire during the search, and its 401 would pass for a refusal.
 */
function refusedAsClientError(
  api: ConformanceApi,
  sharedGrants: SharedGrants,
  { creates, lists }: MalformedTargets,
) {
  return async (input: MalformedCase) => {
    if ('query' in input) {
      const { list, token } = lists.find((l) => l.name === input.list)!
      const url = new URL(list.url)
      url.searchParams.set(input.query.param, input.query.value)
      const exchange = await api.send({
        ...list,
        url: url.href,
        token: await sharedGrants.token(token),
        input: 'invalid',
      })
      expectClientError(exchange, {
        rule: 'PAG-RANGE',
        what: `listing ${input.list} with ${input.query.param}=${JSON.stringify(input.query.value)}`,
        statuses: CLIENT_ERRORS,
      })
      return
    }
    const target = creates.find((create) => create.name === input.target)!
    const broken = breakRequest(target, input.broken, input.extras)
    const exchange = await api.send({
      operation: target.operation,
      method: 'POST',
      url: target.url,
      token: target.token && (await sharedGrants.token(target.token)),
      rawBody: broken.rawBody,
      headers: broken.headers,
      input: 'invalid',
    })
    expectClientError(exchange, {
      rule: broken.rule,
      what: `the ${target.name} request with ${broken.what}`,
      statuses: CLIENT_ERRORS,
    })
    // A refusal has no typed body to read: what matters is that it names no resource and no token.
    const created = exchange.response.json as { id?: unknown; access_token?: unknown } | undefined
    expect(
      created?.id ?? created?.access_token,
      rule(broken.rule, `the refused ${target.name} names nothing created: ${summarize(exchange)}`),
    ).toBeUndefined()
  }
}

/** Positive control: a correct create with the marker shows up, so a walk would have seen a created one. */
async function expectOnlyControlCreated(
  {
    api,
    resources,
    discovery,
    sharedGrants,
  }: { api: ConformanceApi; resources: Resources; discovery: Discovery; sharedGrants: SharedGrants },
  { creates: [incomingCreate] }: MalformedTargets,
  marker: string,
): Promise<void> {
  const { sender, receiver } = discovery
  const control = await api.send({
    operation: incomingCreate.operation,
    method: 'POST',
    url: incomingCreate.url,
    token: incomingCreate.token && (await sharedGrants.token(incomingCreate.token)),
    json: incomingCreate.body,
  })
  expect(control).toAnswer(201, 'IP-CREATE', 'positive control, a correct incoming payment')
  const listedIncoming = await walkList(
    resources,
    resourceCalls.listIncomingPayments(receiver, 100),
    await sharedGrants.token('incoming-payment'),
    'IP-LIST',
  )
  expect(
    listedIncoming.filter((item) => hasMarker(item, marker)).length,
    rule(
      'IP-CREATE',
      'of every incoming payment request this run sent, only the correct control was created',
    ),
  ).toBe(1)
  const outgoing = resourceCalls.listOutgoingPayments(sender, 100)
  const token = await sharedGrants.token('outgoing-payment')
  await expectNothingCreated(
    { resources, list: outgoing, token },
    marker,
    'OP-CREATE-INCOMING',
    'the broken outgoing payment requests',
  )
}
