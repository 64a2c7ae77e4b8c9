import fc from 'fast-check'
import type { Collection } from '../../steps/list-pages.ts'

/** Walks of one list: how many items of the test's own it holds at least, and the page size. */
export interface ListWalkCase {
  collection: Collection
  /** Incoming payments the test has created before the walk (outgoing lists are walked as they are). */
  ownItems: number
  pageSize: number
  /**
   * Whether the walk forward goes on to the end of the list; else it stops once it has seen the test's own items
   * and one page past the first. A list the whole suite keeps growing costs tens of pages to the end: one run in
   * four checks the end, every run checks the pages around the test's own items.
   */
  toTheEnd: boolean
}

/** Walks of `collection`: only an incoming-payment list gets items of the test's own before the walk. */
export function listWalkCaseArb(collection: Collection): fc.Arbitrary<ListWalkCase> {
  return fc.record({
    collection: fc.constant(collection),
    ownItems: collection === 'incoming-payments' ? fc.integer({ min: 0, max: 60 }) : fc.constant(0),
    pageSize: fc.oneof(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 100 })),
    toTheEnd: fc.oneof(
      { arbitrary: fc.constant(true), weight: 1 },
      { arbitrary: fc.constant(false), weight: 3 },
    ),
  })
}
