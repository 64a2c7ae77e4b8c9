import type { WalletAddress } from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { resourceUrl } from '../harness/discovery/discovery.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { OPERATIONS } from '../harness/openapi/operations.ts'
import { rule } from '../harness/rules/covers.ts'
import type { RuleId } from '../harness/rules/registry.ts'
import type { TokenKind } from './operation-cases.ts'
import type { ResourceCall } from './resource-calls.ts'
import type { Resources } from './resources.ts'

export type Collection = 'incoming-payments' | 'outgoing-payments'

/** The shared token that lists a collection. */
export const TOKEN_OF_COLLECTION: Record<Collection, TokenKind> = {
  'incoming-payments': 'incoming-payment',
  'outgoing-payments': 'outgoing-payment',
}

export interface PageInfo {
  startCursor?: string
  endCursor?: string
  hasNextPage: boolean
  hasPreviousPage: boolean
}

export interface ListedItem {
  id: string
  createdAt?: string
  metadata?: unknown
}

export interface Page {
  exchange: Exchange
  pageInfo: PageInfo
  items: ListedItem[]
}

/** A list request with exactly the query given (besides `wallet-address`), valid or not. */
export function listCall(
  walletAddress: WalletAddress,
  collection: Collection,
  query: Record<string, string>,
): ResourceCall {
  const url = new URL(resourceUrl(walletAddress, collection))
  url.searchParams.set('wallet-address', walletAddress.id)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  const operation =
    collection === 'incoming-payments' ? OPERATIONS.listIncomingPayments : OPERATIONS.listOutgoingPayments
  return { operation, method: 'GET', url: url.href }
}

/** One page, asserted to be a 200 list response ({pagination, result}). */
export async function fetchPage(
  resources: Resources,
  call: ResourceCall,
  token: string,
  ruleId: RuleId,
): Promise<Page> {
  const exchange = await resources.send(call, token)
  expect(exchange).toAnswer(200, ruleId, 'listing')
  const body = exchange.response.json as { pagination?: PageInfo; result?: ListedItem[] }
  expect(
    typeof body.pagination === 'object' && Array.isArray(body.result),
    rule(ruleId, `a list response is {pagination, result}: ${summarize(exchange)}`),
  ).toBe(true)
  return { exchange, pageInfo: body.pagination as PageInfo, items: body.result as ListedItem[] }
}

/** Created at or after `since` (a createdAt of the server's clock): may have appeared while the test ran. */
export function isNewcomer(item: ListedItem, since: number): boolean {
  return Date.parse(String(item.createdAt)) >= since
}

export interface Walk {
  pages: Page[]
  /** Ids in list order (a backward walk's too: its pages are put back in order). */
  ids: string[]
  /** Whether the walk reached a page with hasNextPage false (else it stopped at its bound). */
  complete: boolean
}

export interface WalkOptions {
  walletAddress: WalletAddress
  collection: Collection
  token: string
  /** Page size while `keepSmall` says so; 100 (the largest allowed) after. */
  first: number
  keepSmall: (ids: readonly string[]) => boolean
  maxPages: number
  /** The caller has seen what it needs: the walk stops there, incomplete (default: only at its bound). */
  enough?: (ids: readonly string[], pages: number) => boolean
}

/**
 * Pages forward from the start of the list, following each page's endCursor while hasNextPage is true. Other
 * tests add items meanwhile, so the list may grow; the walk is bounded, never assumed to end.
 */
export async function walkForward(resources: Resources, options: WalkOptions): Promise<Walk> {
  const { walletAddress, collection, token } = options
  const pages: Page[] = []
  const ids: string[] = []
  let cursor: string | undefined
  while (pages.length < options.maxPages) {
    const first = String(options.keepSmall(ids) ? options.first : 100)
    const query: Record<string, string> = cursor === undefined ? { first } : { first, cursor }
    const page = await fetchPage(resources, listCall(walletAddress, collection, query), token, 'PAG-WALK')
    if (pages.length > 0) {
      expect(
        page.items.length,
        rule(
          'PAG-WALK#has-next',
          `the page before said hasNextPage, so this one is not empty: ${summarize(page.exchange)}`,
        ),
      ).toBeGreaterThan(0)
    }
    expect(
      page.items.length,
      rule('PAG-WALK#every-once', `first=${first} gives at most ${first} items: ${summarize(page.exchange)}`),
    ).toBeLessThanOrEqual(Number(first))
    pages.push(page)
    ids.push(...page.items.map((item) => item.id))
    if (!page.pageInfo.hasNextPage) return { pages, ids, complete: true }
    cursor = page.pageInfo.endCursor
    expect(
      cursor,
      rule(
        'PAG-WALK#every-once',
        `a page with more to follow gives its endCursor: ${summarize(page.exchange)}`,
      ),
    ).toEqual(expect.stringMatching(/./))
    if (options.enough?.(ids, pages.length)) break
  }
  return { pages, ids, complete: false }
}

export interface BackwardWalkOptions {
  walletAddress: WalletAddress
  collection: Collection
  token: string
  /** The cursor the walk starts before (its own item is not part of the walk). */
  before: string
  /** The `last` of the next page, given the ids the walk has seen so far. */
  last: (ids: readonly string[]) => number
  maxPages: number
}

/**
 * Pages backward (`cursor` + `last`) from `before`, following each page's startCursor while hasPreviousPage is
 * true. Each page holds at most `last` items, is not empty when the one after it said more precede, and says
 * more follow (at least the item it was asked to precede).
 */
export async function walkBackward(resources: Resources, options: BackwardWalkOptions): Promise<Walk> {
  const { walletAddress, collection, token } = options
  const pages: Page[] = []
  const ids: string[] = []
  let cursor = options.before
  while (pages.length < options.maxPages) {
    const last = String(options.last(ids))
    const page = await fetchPage(
      resources,
      listCall(walletAddress, collection, { cursor, last }),
      token,
      'PAG-WALK',
    )
    const what = `last=${last} before a cursor: ${summarize(page.exchange)}`
    if (pages.length > 0) {
      expect(
        page.items.length,
        rule(
          'PAG-WALK#has-previous',
          `the page after said hasPreviousPage, so this one is not empty: ${what}`,
        ),
      ).toBeGreaterThan(0)
    }
    expect(
      page.items.length,
      rule('PAG-WALK#every-once', `gives at most ${last} items: ${what}`),
    ).toBeLessThanOrEqual(Number(last))
    expect(
      page.pageInfo.hasNextPage,
      rule('PAG-WALK#has-next', `the cursor's item follows, so hasNextPage: ${what}`),
    ).toBe(true)
    pages.push(page)
    // List order: this page's items precede those already seen.
    ids.unshift(...page.items.map((item) => item.id))
    if (!page.pageInfo.hasPreviousPage) return { pages, ids, complete: true }
    const start = page.pageInfo.startCursor
    expect(
      start,
      rule(
        'PAG-WALK#every-once',
        `a page with more before it gives its startCursor: ${summarize(page.exchange)}`,
      ),
    ).toEqual(expect.stringMatching(/./))
    cursor = start!
  }
  return { pages, ids, complete: false }
}
