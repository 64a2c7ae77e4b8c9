import { expectBackwardWalk, expectWalkStart, repeated } from '../checks/pagination-checks.ts'
import { type ListWalkCase, listWalkCaseArb } from './arbitraries/pagination-arbitraries.ts'
import {
  bodyOf,
  type Discovery,
  expect,
  markerMetadata,
  newMarker,
  propertyDetails,
  type Resources,
  resourceCalls,
  rule,
  runProperty,
  type SharedGrants,
  summarize,
  TOKEN_OF_COLLECTION,
  test,
  waitsLong,
  walkBackward,
  walkForward,
} from './support/property-test.ts'

// Two walks per run, forward and back, over lists the whole suite keeps growing (and a live ASE's lists may hold
// thousands of items): a run's cost follows the list, not the test. So pages stay small only where the test's own
// items lie, and for at most SMALL_PAGES pages; a walk stops after MAX_PAGES pages, and the walk back starts
// where the walk forward stopped. Only the runs that go `toTheEnd` walk past the test's own items to the list's
// end. Ten small pages give ten page boundaries a run: with thirty, a run 200 ms away spent up to 12 s on them.
// With the reference server's lists at the end of a run, a run that walked every list to its end took 2-5 s on a
// 2-core machine: 30 s gave 10 or 11 of 25 runs on a quiet one (INCOMPLETE), hence 60 s.
// One search a collection, side by side on two workers: a walk's requests come one after another, and at a target
// 200 ms away the one search of 25 runs over both lists took 190 s, the run's longest test (the whole run: 236 s).
const WALKS = [
  {
    collection: 'incoming-payments',
    name: 'pagination-incoming',
    budget: { numRuns: 13, timeLimitMs: 60_000 },
  },
  {
    collection: 'outgoing-payments',
    name: 'pagination-outgoing',
    budget: { numRuns: 12, timeLimitMs: 60_000 },
  },
] as const
const MAX_PAGES = 40
const SMALL_PAGES = 10
const CREATE_AT_ONCE = 10

test.describe('pagination: any page size walks a list once, forward and back', () => {
  for (const { collection, name, budget } of WALKS) {
    test(
      `for any number of items and page size, walking the ${collection} forward and back sees each item once and the flags hold`,
      // Its requests come one after another: at a target 200 ms away it is among the run's longest tests, so it
      // starts with the long waits.
      waitsLong(propertyDetails(name, 'PAG-WALK')),
      async ({ resources, discovery, sharedGrants }, testInfo) => {
        await runProperty(
          testInfo,
          name,
          listWalkCaseArb(collection),
          walksOnce(resources, discovery, sharedGrants),
          budget,
        )
      },
    )
  }
})

/** The oracle: a walk forward sees every item once with the right flags, and a walk back agrees with it. */
function walksOnce(resources: Resources, { receiver, sender }: Discovery, sharedGrants: SharedGrants) {
  const marker = newMarker()
  let made = 0
  // CREATE_AT_ONCE at a time: one after another, a run of 60 items 200 ms away spent 12 s creating them.
  const makeItems = async (count: number, token: string): Promise<string[]> => {
    const ids: string[] = []
    while (ids.length < count) {
      const batch = Array.from({ length: Math.min(CREATE_AT_ONCE, count - ids.length) }, () => made++)
      const created = await Promise.all(
        batch.map((index) =>
          resources.send(
            resourceCalls.createIncomingPaymentWith(receiver, {
              metadata: markerMetadata(`${marker}-${index}`),
            }),
            token,
          ),
        ),
      )
      for (const exchange of created) {
        expect(exchange).toAnswer(201, 'IP-CREATE', 'creating an item')
        ids.push(bodyOf(exchange, 'incoming-payment').id)
      }
    }
    return ids
  }
  return async ({ collection, ownItems, pageSize, toTheEnd }: ListWalkCase) => {
    // Asked for at each run, not once per test: the search outlasts a short-lived token, renewed between runs.
    const token = await sharedGrants.token(TOKEN_OF_COLLECTION[collection])
    const incomingToken = await sharedGrants.token('incoming-payment')
    // Made afresh each run: items kept from the search's first run lie, on a server that lists newest first,
    // behind everything the suite has made since, and 200 ms away the later runs spent most of their time
    // walking pages of 100 to reach them (the search took 85 to 150 s).
    const mine = collection === 'incoming-payments' ? await makeItems(ownItems, token) : []
    // Items created from now on may land anywhere (other tests run meanwhile): a fresh item's createdAt is the
    // server's clock.
    const clock = await resources.createIncomingPayment(incomingToken, receiver, {
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
      keepSmall: (ids) => ids.length < pageSize * SMALL_PAGES && mine.some((id) => !ids.includes(id)),
      maxPages: MAX_PAGES,
      enough: toTheEnd ? undefined : (ids, pages) => pages >= 2 && mine.every((id) => ids.includes(id)),
    })
    const { pages, ids } = walk
    expect(
      repeated(ids),
      rule('PAG-WALK#every-once', `first=${pageSize}: no item appears twice in the walk`),
    ).toEqual([])
    if (walk.complete) {
      expect(
        mine.filter((id) => !ids.includes(id)),
        rule('PAG-WALK#every-once', `first=${pageSize}: every item made before the walk is seen`),
      ).toEqual([])
    }
    const context = { resources, token, walletAddress, collection, ids, since }
    for (const [index, page] of pages.entries()) {
      const what = `page ${index + 1} of a walk from the start`
      if (index === 0) await expectWalkStart(context, page, what)
      else
        expect(
          page.pageInfo.hasPreviousPage,
          rule('PAG-WALK#has-previous', `${what}: hasPreviousPage true: ${summarize(page.exchange)}`),
        ).toBe(true)
    }
    const end = pages.at(-1)?.pageInfo.endCursor
    if (end === undefined || ids.length < 2) return
    // Back from where the walk forward stopped: big pages until the stretch where the forward walk met the test's
    // own items (at most SMALL_PAGES small pages of it, as forward).
    const stretch = Math.min(pageSize * SMALL_PAGES, Math.max(0, ...mine.map((id) => ids.indexOf(id) + 1)))
    const backward = await walkBackward(resources, {
      walletAddress,
      collection,
      token,
      before: end,
      last: (seen) => (ids.length - 1 - seen.length - 100 < stretch ? pageSize : 100),
      maxPages: MAX_PAGES,
    })
    expectBackwardWalk(context, backward, mine)
  }
}
