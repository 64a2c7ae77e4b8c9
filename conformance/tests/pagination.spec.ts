import { expectPageBoundaries, repeated } from '../checks/pagination-checks.ts'
import {
  type Collection,
  covers,
  expect,
  listCall,
  newMarker,
  rule,
  TOKEN_OF_COLLECTION,
  test,
  walkForward,
  warn,
} from '../fixtures/conformance-test.ts'

/** Items the walk test creates: with pages of 2, enough for several pages and a backward page across two. */
const CREATED = 5
const SMALL_PAGE = 2
/** Bounds the walk over a list other tests keep growing (and a server whose cursors might loop). */
const MAX_PAGES = 300

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
      async ({ resources, discovery, sharedGrants, incoming }) => {
        const walletAddress = collection === 'incoming-payments' ? discovery.receiver : discovery.sender
        const token = await sharedGrants.token(TOKEN_OF_COLLECTION[collection])
        const cursor: Record<string, string> = needsCursor
          ? { cursor: await incoming.cursorPastTwo('PAG-RANGE') }
          : {}
        const list = (query: Record<string, string>) =>
          listCall(walletAddress, collection, { ...cursor, ...query })

        const refused = await resources.send({ ...list(bad), input: 'invalid' }, token)
        expect(refused).toAnswer(400, 'PAG-RANGE', `a list with ${reason} is refused`)
        const control = await resources.send(list(good), token)
        expect(control).toAnswer(200, 'PAG-RANGE', `positive control, ${JSON.stringify(good)} instead`)
      },
    )
  }
})

test.describe('pagination: walking a list', () => {
  test(
    'forward with endCursor visits every item once; backward pages hold the items before the cursor',
    covers('PAG-WALK'),
    async ({ resources, incoming }) => {
      const [walletAddress, collection, token] = [
        incoming.walletAddress,
        'incoming-payments' as const,
        await incoming.token(),
      ]
      const created = await incoming.createMarked(CREATED, newMarker())
      // Items older than the first one made existed before the walk began. Younger ones may be other tests'
      // items, committed late enough to land where the walk had already passed.
      const since = Math.min(...created.map((payment) => Date.parse(payment.createdAt)))
      const mine = new Set(created.map((payment) => payment.id))
      const keepSmall = (ids: readonly string[]) => [...mine].some((id) => !ids.includes(id))
      const walk = await walkForward(resources, {
        walletAddress,
        collection,
        token,
        first: SMALL_PAGE,
        keepSmall,
        maxPages: MAX_PAGES,
      })

      expect(
        repeated(walk.ids),
        rule('PAG-WALK#every-once', 'no item appears on two pages, or twice on one'),
      ).toEqual([])
      const seen = walk.ids.filter((id) => mine.has(id))
      if (!walk.complete && seen.length < mine.size) {
        warn(
          'PAG-WALK#every-once',
          `the list is longer than ${MAX_PAGES} pages: the walk ended before reaching the items it made`,
        )
        return
      }
      expect(
        seen.sort(),
        rule('PAG-WALK#every-once', `the walk visits each of the ${CREATED} items made, once`),
      ).toEqual([...mine].sort())
      await expectPageBoundaries(
        { resources, token, walletAddress, collection, ids: walk.ids, since },
        walk,
        mine,
      )
    },
  )
})
