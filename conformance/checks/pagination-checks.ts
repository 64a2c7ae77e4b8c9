import type { WalletAddress } from '@interledger/open-payments'
import { expect } from '../harness/expect/conformance-expect.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { rule } from '../harness/rules/covers.ts'
import { warn } from '../harness/rules/warn.ts'
import {
  type Collection,
  fetchPage,
  isNewcomer,
  type ListedItem,
  listCall,
  type Page,
  type Walk,
} from '../steps/list-pages.ts'
import { resourceCalls } from '../steps/resource-calls.ts'
import type { Resources } from '../steps/resources.ts'

/**
 * What a forward walk saw, to check other pages against. The list order is the server's own (the spec leaves
 * it open), so the checks only compare positions within the walk; other tests add items meanwhile, so an
 * item the walk did not see is allowed where it was created after `since`.
 */
export interface WalkContext {
  resources: Resources
  token: string
  walletAddress: WalletAddress
  collection: Collection
  /** Ids in walk order. */
  ids: readonly string[]
  /** A createdAt (the server's clock) no later than the walk's start. */
  since: number
}

function pageFrom(context: WalkContext, query: Record<string, string>): Promise<Page> {
  const { resources, token, walletAddress, collection } = context
  return fetchPage(resources, listCall(walletAddress, collection, query), token, 'PAG-WALK')
}

/** Items that are out of place beyond either end of the walk: seen by it, or older than it. */
function beyondTheEnds(items: ListedItem[], context: WalkContext): string[] {
  return items
    .filter((item) => context.ids.includes(item.id) || !isNewcomer(item, context.since))
    .map((item) => item.id)
}

/**
 * The first page of a walk from the start: nothing that existed when the walk began lies before it, and its
 * hasPreviousPage is false, or true only where items made since then lie before it (other tests add items
 * meanwhile, and a server may count them: the data set does have entries before the page by then).
 */
export async function expectWalkStart(context: WalkContext, first: Page, what: string): Promise<void> {
  const cursor = first.pageInfo.startCursor
  if (first.pageInfo.hasPreviousPage && cursor !== undefined) {
    const before = await pageFrom(context, { cursor, last: '100' })
    expect(
      before.items.length > 0 && before.items.every((item) => isNewcomer(item, context.since)),
      rule(
        'PAG-WALK#has-previous',
        `${what}: hasPreviousPage true, so items must lie before it, all made since the walk began: ${summarize(before.exchange)}`,
      ),
    ).toBe(true)
  } else {
    expect(
      first.pageInfo.hasPreviousPage,
      rule('PAG-WALK#has-previous', `${what}: hasPreviousPage false: ${summarize(first.exchange)}`),
    ).toBe(false)
  }
  // An empty list has no cursor to look before.
  if (first.items.length > 0) await expectNothingBeyond(context, first, 'before')
}

/** hasNextPage false on the last page: nothing that existed at the start lies after it. */
export function expectNothingAfter(context: WalkContext, last: Page): Promise<void> {
  return expectNothingBeyond(context, last, 'after')
}

const ENDS = {
  before: {
    cursor: 'startCursor',
    page: 'first',
    flag: 'hasPreviousPage',
    size: 'last',
    clause: 'PAG-WALK#has-previous',
  },
  after: {
    cursor: 'endCursor',
    page: 'last',
    flag: 'hasNextPage',
    size: 'first',
    clause: 'PAG-WALK#has-next',
  },
} as const

async function expectNothingBeyond(context: WalkContext, end: Page, side: keyof typeof ENDS): Promise<void> {
  const { cursor: cursorName, page, flag, size, clause } = ENDS[side]
  const cursor = end.pageInfo[cursorName]
  if (cursor === undefined) {
    warn(clause, `the ${page} page gives no ${cursorName}: what lies ${side} it was not checked`)
    return
  }
  const beyond = await pageFrom(context, { cursor, [size]: '100' })
  expect(
    beyondTheEnds(beyond.items, context),
    rule(
      clause,
      `the ${page} page said ${flag} false, yet items older than the walk lie ${side} it: ${summarize(beyond.exchange)}`,
    ),
  ).toEqual([])
}

/**
 * A backward page (`cursor` + `last`) from the start of page `index` holds, of the items the walk saw, the ones
 * nearest before that page, in any order, and says that more follow (the cursor's own item) and, when the walk
 * saw items before those, that more precede. Items may have moved in or out meanwhile: other tests' newcomers
 * may take places (the order is the server's), and an item the page passes over must be gone (a server may
 * delete an expired incoming payment nothing was paid into).
 */
export async function expectBackwardPage(context: WalkContext, pages: Page[], index: number): Promise<void> {
  const page = pages[index]!
  const cursor = page.pageInfo.startCursor
  if (cursor === undefined) {
    warn('PAG-WALK#every-once', `page ${index + 1} gives no startCursor: backward paging was not checked`)
    return
  }
  const position = pages.slice(0, index).reduce((count, earlier) => count + earlier.items.length, 0)
  const size = Math.min(3, position)
  const back = await pageFrom(context, { cursor, last: String(size) })
  const got = back.items.map((item) => item.id)
  const what = `last=${size} before page ${index + 1} (${summarize(back.exchange)})`
  const unwalkedOld = back.items.filter(
    (item) => !context.ids.includes(item.id) && !isNewcomer(item, context.since),
  )
  expect(
    unwalkedOld.map((item) => item.id),
    rule('PAG-WALK#every-once', `${what}: no item older than the walk that the walk did not see`),
  ).toEqual([])
  const walked = got.filter((id) => context.ids.includes(id))
  const before = context.ids.slice(0, position)
  expect(
    walked.filter((id) => !before.includes(id)),
    rule('PAG-WALK#every-once', `${what}: the items the walk saw there lie before the cursor`),
  ).toEqual([])
  // From the cursor back to the farthest item the page holds: any the page skipped must be gone.
  const remaining = new Set(walked)
  const passedOver: string[] = []
  for (const id of [...before].reverse()) {
    if (remaining.size === 0) break
    if (!remaining.delete(id)) passedOver.push(id)
  }
  expect(
    await stillListed(context, passedOver),
    rule(
      'PAG-WALK#every-once',
      `${what}: the page passes over no item the walk saw nearer the cursor that still exists`,
    ),
  ).toEqual([])
  if (got.length < size) {
    expect(
      await stillListed(
        context,
        before.filter((id) => !walked.includes(id)),
      ),
      rule(
        'PAG-WALK#every-once',
        `${what}: a short page, yet the walk saw these before the cursor and they still exist`,
      ),
    ).toEqual([])
  }
  expect(
    back.pageInfo.hasNextPage,
    rule('PAG-WALK#has-next', `${what}: the cursor's item follows, so hasNextPage`),
  ).toBe(true)
  if (position > walked.length + passedOver.length) {
    expect(
      back.pageInfo.hasPreviousPage,
      rule('PAG-WALK#has-previous', `${what}: the walk saw items before these, so hasPreviousPage`),
    ).toBe(true)
  }
}

/** Those of `ids` that still exist: a read does not answer 404 (only incoming payments may go). */
async function stillListed(context: WalkContext, ids: readonly string[]): Promise<string[]> {
  if (context.collection !== 'incoming-payments') return [...ids]
  const present: string[] = []
  for (const id of ids) {
    const read = await context.resources.send(resourceCalls.getIncomingPayment(id), context.token)
    if (read.response.status !== 404) present.push(id)
  }
  return present
}

/**
 * The walk's boundaries: the first page's (expectWalkStart), hasPreviousPage true on every later page, nothing
 * after the last (where the walk reached it), and a backward page from the one holding
 * the last of the test's own items (`mine`) that holds the items before its cursor.
 */
export async function expectPageBoundaries(context: WalkContext, walk: Walk, mine: ReadonlySet<string>) {
  const { pages, ids } = walk
  await expectWalkStart(context, pages[0]!, 'the first page')
  for (const [index, page] of pages.entries()) {
    if (index === 0) continue
    expect(
      page.pageInfo.hasPreviousPage,
      rule(
        'PAG-WALK#has-previous',
        `page ${index + 1} follows other items, so hasPreviousPage is true: ${summarize(page.exchange)}`,
      ),
    ).toBe(true)
  }
  if (walk.complete) await expectNothingAfter(context, pages.at(-1)!)
  else
    warn(
      'PAG-WALK#has-next',
      `the list is longer than ${pages.length} pages: the end of the list was not checked`,
    )
  // Backward from the page holding the last item made: with small pages it lies a few pages in.
  const lastMine = ids[Math.max(...[...mine].map((id) => ids.indexOf(id)))]
  const index = pages.findIndex((page) => page.items.some((item) => item.id === lastMine))
  await expectBackwardPage(context, pages, Math.max(index, 1))
}

/** Ids that appear more than once. */
export function repeated(ids: readonly string[]): string[] {
  return ids.filter((id, index) => ids.indexOf(id) !== index)
}

/**
 * A walk backward from the end of the list (the forward walk's last item, which it does not include) sees each of
 * the test's own items once, no item twice, and no item older than the forward walk that the forward walk did not
 * see. Other items may have gone meanwhile (a server may delete an expired incoming payment).
 */
export function expectBackwardWalk(context: WalkContext, backward: Walk, own: readonly string[]): void {
  const what = `walking back from the end, ${backward.pages.length} pages`
  expect(repeated(backward.ids), rule('PAG-WALK#every-once', `${what}: no item appears twice`)).toEqual([])
  const end = context.ids.at(-1)
  if (backward.complete) {
    expect(
      own.filter((id) => id !== end && !backward.ids.includes(id)),
      rule('PAG-WALK#every-once', `${what}: every item of the test's own is seen`),
    ).toEqual([])
  }
  const unwalkedOld = backward.pages
    .flatMap((page) => page.items)
    .filter((item) => !context.ids.includes(item.id) && !isNewcomer(item, context.since))
  expect(
    unwalkedOld.map((item) => item.id),
    rule(
      'PAG-WALK#every-once',
      `${what}: no item older than the forward walk that the forward walk did not see`,
    ),
  ).toEqual([])
}
