import fc from 'fast-check'
import { amountIn, expect, rule, summarize, test } from '../fixtures/conformance-test.ts'
import { resourceUrl } from '../harness/discovery/discovery.ts'
import { grantRequest, incomingPaymentAccess } from '../harness/gnap/grant-requests.ts'
import { OPERATIONS, type OperationRef } from '../harness/openapi/operations.ts'
import { hasMarker, markerMetadata, resourceCalls } from '../steps/resource-calls.ts'
import { newMarker } from '../steps/resources.ts'
import { walkList } from '../steps/walk-list.ts'
import { bodyBreakArb, bodyExtrasArb, queryBreakArb } from './arbitraries/malformed-arbitraries.ts'
import { type BreakableBody, breakRequest } from './support/break-request.ts'
import { expectClientError } from './support/expect-client-error.ts'
import { timeoutFor } from './support/property-budget.ts'
import { propertyDetails, runProperty } from './support/run-property.ts'

// One request per run, then one walk of each list.
const BUDGET = { numRuns: 300, timeLimitMs: 30_000 }
const NAME = 'malformed-input'
const CLIENT_ERRORS = Array.from({ length: 100 }, (_, i) => 400 + i)

interface CreateTarget extends BreakableBody {
  name: string
  operation: OperationRef
  url: string
  token: string | undefined
}

test.describe('malformed input never breaks a server', () => {
  test(
    'any broken body of a create or a grant request, and any broken list query, gets a 4xx and creates nothing',
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
    async ({ api, resources, discovery, sharedGrants, paymentSteps, clientIdentity }, testInfo) => {
      test.setTimeout(timeoutFor(BUDGET))
      const { sender, receiver, unit } = discovery
      const marker = newMarker()
      const incoming = (await paymentSteps.receiver({ incomingValue: 1000n * unit })).payment
      const tokens = {
        incoming: await sharedGrants.token('incoming-payment'),
        quote: await sharedGrants.token('quote'),
        outgoing: await sharedGrants.token('outgoing-payment'),
      }
      const creates: CreateTarget[] = [
        {
          name: 'incoming payment',
          operation: OPERATIONS.createIncomingPayment,
          url: resourceUrl(receiver, 'incoming-payments'),
          token: tokens.incoming,
          body: {
            walletAddress: receiver.id,
            incomingAmount: amountIn(receiver, unit),
            expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
            metadata: markerMetadata(marker),
          },
          members: { walletAddress: 'url', incomingAmount: 'amount', expiresAt: 'string' },
          required: ['walletAddress'],
          rule: 'IP-CREATE',
        },
        {
          name: 'quote',
          operation: OPERATIONS.createQuote,
          url: resourceUrl(sender, 'quotes'),
          token: tokens.quote,
          body: {
            walletAddress: sender.id,
            receiver: incoming.id,
            method: 'ilp',
            debitAmount: amountIn(sender, unit),
          },
          members: { walletAddress: 'url', receiver: 'url', method: 'string', debitAmount: 'amount' },
          required: ['walletAddress', 'receiver', 'method'],
          rule: 'QT-CREATE',
        },
        {
          name: 'outgoing payment',
          operation: OPERATIONS.createOutgoingPayment,
          url: resourceUrl(sender, 'outgoing-payments'),
          token: tokens.outgoing,
          body: {
            walletAddress: sender.id,
            incomingPayment: incoming.id,
            debitAmount: amountIn(sender, unit),
            metadata: markerMetadata(marker),
          },
          members: { walletAddress: 'url', incomingPayment: 'url', debitAmount: 'amount' },
          required: ['walletAddress', 'incomingPayment', 'debitAmount'],
          rule: 'OP-CREATE-INCOMING',
        },
        {
          name: 'grant request',
          operation: OPERATIONS.postGrant,
          url: receiver.authServer,
          token: undefined,
          body: { ...grantRequest(clientIdentity.walletAddress, [incomingPaymentAccess(receiver)]) },
          members: { client: 'url', access_token: 'object' },
          required: ['access_token', 'client'],
          rule: 'GNAP-GRANT-INVALID',
        },
      ]
      const lists = [
        {
          name: 'incoming payments',
          list: resourceCalls.listIncomingPayments(receiver),
          token: tokens.incoming,
        },
        {
          name: 'outgoing payments',
          list: resourceCalls.listOutgoingPayments(sender),
          token: tokens.outgoing,
        },
      ]

      const createCaseArb = fc.record({
        target: fc.constantFrom(...creates.map((create) => create.name)),
        broken: bodyBreakArb,
        extras: bodyExtrasArb,
      })
      const queryCaseArb = fc.record({
        list: fc.constantFrom(...lists.map((l) => l.name)),
        query: queryBreakArb,
      })

      await runProperty(
        testInfo,
        NAME,
        fc.oneof(createCaseArb, queryCaseArb),
        async (input) => {
          if ('query' in input) {
            const { list, token } = lists.find((l) => l.name === input.list)!
            const url = new URL(list.url)
            url.searchParams.set(input.query.param, input.query.value)
            const exchange = await api.send({ ...list, url: url.href, token, input: 'invalid' })
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
            token: target.token,
            rawBody: broken.rawBody,
            headers: broken.headers,
            input: 'invalid',
          })
          expectClientError(exchange, {
            rule: broken.rule,
            what: `the ${target.name} request with ${broken.what}`,
            statuses: CLIENT_ERRORS,
          })
          const created = exchange.response.json as { id?: unknown; access_token?: unknown } | undefined
          expect(
            created?.id ?? created?.access_token,
            rule(broken.rule, `the refused ${target.name} names nothing created: ${summarize(exchange)}`),
          ).toBeUndefined()
        },
        BUDGET,
      )

      // Positive control: a correct create with the marker shows up, so a walk would have seen a created one.
      const [incomingCreate] = creates as [CreateTarget]
      const control = await api.send({
        operation: incomingCreate.operation,
        method: 'POST',
        url: incomingCreate.url,
        token: incomingCreate.token,
        json: incomingCreate.body,
      })
      expect(control).toAnswer(201, 'IP-CREATE', 'positive control, a correct incoming payment')
      const listedIncoming = await walkList(
        resources,
        resourceCalls.listIncomingPayments(receiver, 100),
        tokens.incoming,
        'IP-LIST',
      )
      expect(
        listedIncoming.filter((item) => hasMarker(item, marker)).length,
        rule(
          'IP-CREATE',
          'of every incoming payment request this run sent, only the correct control was created',
        ),
      ).toBe(1)
      const listedOutgoing = await walkList(
        resources,
        resourceCalls.listOutgoingPayments(sender, 100),
        tokens.outgoing,
        'OP-GET',
      )
      expect(
        listedOutgoing.filter((item) => hasMarker(item, marker)),
        rule('OP-CREATE-INCOMING', 'no broken outgoing payment request created a payment'),
      ).toEqual([])
    },
  )
})
