import type { IncomingPayment } from '@interledger/open-payments'
import { expectBackwardPage, expectNothingAfter, expectNothingBefore } from '../checks/pagination-checks.ts'
import { expect, test } from '../fixtures/conformance-test.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { covers, rule } from '../harness/rules/covers.ts'
import { warn } from '../harness/rules/warn.ts'
import { type Collection, fetchPage, listCall, walkForward } from '../steps/list-pages.ts'
import type { TokenKind } from '../steps/operation-cases.ts'
import { markerMetadata, resourceCalls } from '../steps/resource-calls.ts'
import { newMarker } from '../steps/resources.ts'

/** Items the walk test creates: with pages of 2, enough for several pages and a backward page across two. */
const CREATED = 5
const SMALL_PAGE = 2
/** Bounds the walk over a list other tests keep growing (and a server whose cursors might loop). */
const MAX_PAGES = 300

const TOKEN_OF: Record<Collection, TokenKind> = {
  'incoming-payments': 'incoming-payment',
  'outgoing-payments': 'outgoing-payment',
}

/** Each row: a query out of range, and the same parameter in range as its positive control. */
interface RangeRow {
  collection: Collection
  reason: string
  bad: Record<string, string>
  good: Record<string, string>
  needsCursor?: true
}

const RANGE_ROWS: RangeRow[] = [
  ...(['incoming-payments', 'outgoing-payments'] as const).flatMap((collection): RangeRow[] => [
    { collection, reason: 'first=0', bad: { first: '0' }, good: { first: '1' } },
    { collection, reason: 'first=101', bad: { first: '101' }, good: { first: '100' } },
    { collection, reason: 'an empty cursor', bad: { cursor: '' }, good: {} },
  ]),
  { collection: 'incoming-payments', reason: 'first=-1', bad: { first: '-1' }, good: { first: '1' } },
  { collection: 'incoming-payments', reason: 'first=abc', bad: { first: 'abc' }, good: { first: '1' } },
  // `last` pages back from a cursor, so these carry a valid one: only the range is wrong.
  {
    collection: 'incoming-payments',
    reason: 'last=0',
    bad: { last: '0' },
    good: { last: '1' },
    needsCursor: true,
  },
  {
    collection: 'incoming-payments',
    reason: 'last=101',
    bad: { last: '101' },
    good: { last: '100' },
    needsCursor: true,
  },
]

test.describe('pagination: first and last are 1..100, cursor is not empty', () => {
  for (const { collection, reason, bad, good, needsCursor } of RANGE_ROWS) {
    test(
      `${collection}: ${reason} is 400`,
      covers('PAG-RANGE'),
      async ({ resources, discovery, sharedGrants }) => {
        const walletAddress = collection === 'incoming-payments' ? discovery.receiver : discovery.sender
        const token = await sharedGrants.token(TOKEN_OF[collection])
        let cursor: Record<string, string> = {}
        if (needsCursor) {
          for (let i = 0; i < 2; i++) await resources.createIncomingPayment(token, walletAddress)
          const page = await fetchPage(
            resources,
            listCall(walletAddress, collection, { first: '2' }),
            token,
            'PAG-RANGE',
          )
          cursor = { cursor: String(page.pageInfo.endCursor) }
        }

        const refused = await resources.send(
          { ...listCall(walletAddress, collection, { ...cursor, ...bad }), input: 'invalid' },
          token,
        )
        expect(
          refused.response.status,
          rule('PAG-RANGE', `a list with ${reason} is refused with 400: ${summarize(refused)}`),
        ).toBe(400)

        const control = await resources.send(
          listCall(walletAddress, collection, { ...cursor, ...good }),
          token,
        )
        expect(
          control.response.status,
          rule('PAG-RANGE', `positive control, ${JSON.stringify(good)} instead: ${summarize(control)}`),
        ).toBe(200)
      },
    )
  }
})

test.describe('pagination: walking a list', () => {
  test(
    'forward with endCursor visits every item once; backward pages hold the items before the cursor',
    covers('PAG-WALK'),
    async ({ resources, discovery, sharedGrants }) => {
      const { receiver } = discovery
      const collection: Collection = 'incoming-payments'
      const token = await sharedGrants.token('incoming-payment')
      const marker = newMarker()
      const created: IncomingPayment[] = []
      for (let i = 0; i < CREATED; i++) {
        const call = resourceCalls.createIncomingPaymentWith(receiver, {
          metadata: markerMetadata(`${marker}-${i}`),
        })
        const exchange = await resources.send(call, token)
        expect(
          exchange.response.status,
          rule('IP-CREATE', `creating item ${i}: ${summarize(exchange)}`),
        ).toBe(201)
        created.push(exchange.response.json as IncomingPayment)
      }
      // Items older than the first one made existed before the walk began. Younger ones may be other tests'
      // items, committed late enough to land where the walk had already passed.
      const since = Math.min(...created.map((payment) => Date.parse(payment.createdAt)))
      const mine = new Set(created.map((payment) => payment.id))

      const walk = await walkForward(resources, {
        walletAddress: receiver,
        collection,
        token,
        first: SMALL_PAGE,
        keepSmall: (ids) => [...mine].some((id) => !ids.includes(id)),
        maxPages: MAX_PAGES,
      })
      const { pages, ids } = walk
      const repeated = ids.filter((id, index) => ids.indexOf(id) !== index)
      expect(repeated, rule('PAG-WALK', 'no item appears on two pages, or twice on one')).toEqual([])
      const seen = ids.filter((id) => mine.has(id))
      if (!walk.complete && seen.length < mine.size) {
        warn(
          'PAG-WALK',
          `the list is longer than ${MAX_PAGES} pages: the walk ended before reaching the items it made`,
        )
        return
      }
      expect(
        seen.sort(),
        rule('PAG-WALK', `the walk visits each of the ${CREATED} items made, once`),
      ).toEqual([...mine].sort())

      expect(
        pages[0]!.pageInfo.hasPreviousPage,
        rule('PAG-WALK', 'the first page has hasPreviousPage false'),
      ).toBe(false)
      for (const [index, page] of pages.entries()) {
        if (index === 0) continue
        expect(
          page.pageInfo.hasPreviousPage,
          rule(
            'PAG-WALK',
            `page ${index + 1} follows other items, so hasPreviousPage is true: ${summarize(page.exchange)}`,
          ),
        ).toBe(true)
      }

      const context = { resources, token, walletAddress: receiver, collection, ids, since }
      await expectNothingBefore(context, pages[0]!)
      if (walk.complete) await expectNothingAfter(context, pages.at(-1)!)
      else warn('PAG-WALK', `the list is longer than ${MAX_PAGES} pages: the end of the list was not checked`)

      // Backward from the page holding the last item made: with pages of 2 it lies a few pages in.
      const lastMine = ids[Math.max(...[...mine].map((id) => ids.indexOf(id)))]
      const index = pages.findIndex((page) => page.items.some((item) => item.id === lastMine))
      await expectBackwardPage(context, pages, Math.max(index, 1))
    },
  )
})
