import { expectBackwardWalk, expectNothingBefore, repeated } from '../checks/pagination-checks.ts'
import { expect, rule, summarize, test } from '../fixtures/conformance-test.ts'
import { walkBackward, walkForward } from '../steps/list-pages.ts'
import { markerMetadata, resourceCalls } from '../steps/resource-calls.ts'
import { newMarker } from '../steps/resources.ts'
import { listWalkCaseArb } from './arbitraries/pagination-arbitraries.ts'
import { timeoutFor } from './support/property-budget.ts'
import { propertyDetails, runProperty } from './support/run-property.ts'

// Two walks per run, forward and back, over lists the whole suite keeps growing; pages stay small only where the
// test's own items lie.
const BUDGET = { numRuns: 25, timeLimitMs: 30_000 }
const NAME = 'pagination'
const MAX_PAGES = 300

test.describe('pagination: any page size walks a list once, forward and back', () => {
  test(
    'for any number of items and page size, walking forward and walking back sees each item once and the flags hold',
    propertyDetails(NAME, 'PAG-WALK'),
    async ({ resources, discovery, sharedGrants }, testInfo) => {
      test.setTimeout(timeoutFor(BUDGET))
      const { receiver, sender } = discovery
      const marker = newMarker()
      const own: string[] = []
      const tokens = {
        'incoming-payments': await sharedGrants.token('incoming-payment'),
        'outgoing-payments': await sharedGrants.token('outgoing-payment'),
      }

      await runProperty(
        testInfo,
        NAME,
        listWalkCaseArb,
        async ({ collection, ownItems, pageSize }) => {
          const token = tokens[collection]
          while (collection === 'incoming-payments' && own.length < ownItems) {
            const call = resourceCalls.createIncomingPaymentWith(receiver, {
              metadata: markerMetadata(`${marker}-${own.length}`),
            })
            const created = await resources.send(call, token)
            expect(created).toAnswer(201, 'IP-CREATE', 'creating an item')
            own.push((created.response.json as { id: string }).id)
          }
          const mine = collection === 'incoming-payments' ? own.slice(0, ownItems) : []
          // Items created from now on may land anywhere (other tests run meanwhile): a fresh item's createdAt is
          // the server's clock.
          const clock = await resources.createIncomingPayment(tokens['incoming-payments'], receiver, {
            incomingValue: 100n,
            marker: `${marker}-clock`,
          })
          const since = Date.parse(clock.createdAt)
          const walletAddress = collection === 'incoming-payments' ? receiver : sender
          const walk = await walkForward(resources, {
            walletAddress,
            collection,
            token,
            first: pageSize,
            keepSmall: (ids) => mine.some((id) => !ids.includes(id)),
            maxPages: MAX_PAGES,
          })
          const { pages, ids } = walk
          expect(
            repeated(ids),
            rule('PAG-WALK', `first=${pageSize}: no item appears twice in the walk`),
          ).toEqual([])
          if (walk.complete) {
            expect(
              mine.filter((id) => !ids.includes(id)),
              rule('PAG-WALK', `first=${pageSize}: every item made before the walk is seen`),
            ).toEqual([])
          }
          pages.forEach((page, index) => {
            expect(
              page.pageInfo.hasPreviousPage,
              rule(
                'PAG-WALK',
                `page ${index + 1} of a walk from the start: hasPreviousPage ${index > 0}: ${summarize(page.exchange)}`,
              ),
            ).toBe(index > 0)
          })
          const context = { resources, token, walletAddress, collection, ids, since }
          const [first] = pages
          // An empty list has no cursor to look before.
          if (first && first.items.length > 0) await expectNothingBefore(context, first)
          const end = pages.at(-1)?.pageInfo.endCursor
          if (!walk.complete || end === undefined || ids.length < 2) return
          // Back from the end: big pages until the stretch where the forward walk met the test's own items.
          const stretch = Math.max(0, ...mine.map((id) => ids.indexOf(id) + 1))
          const backward = await walkBackward(resources, {
            walletAddress,
            collection,
            token,
            before: end,
            last: (seen) => (ids.length - 1 - seen.length - 100 < stretch ? pageSize : 100),
            maxPages: MAX_PAGES,
          })
          expectBackwardWalk(context, backward, mine)
        },
        BUDGET,
      )
    },
  )
})
