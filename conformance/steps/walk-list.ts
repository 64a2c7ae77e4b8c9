import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import type { RuleId } from '../harness/rules/registry.ts'
import type { ResourceCall } from './resource-calls.ts'

/** More pages than any list the suite makes: a server whose cursors loop still ends the walk. */
const MAX_PAGES = 50

interface ListPage {
  pagination?: { hasNextPage?: boolean; endCursor?: string }
  result?: unknown[]
}

/** What a walk needs of `Resources`: the one door to the target. */
interface ListSender {
  send(call: ResourceCall, token: string): Promise<Exchange>
}

export interface ListWalk {
  items: unknown[]
  /**
   * Whether the walk reached the end of the list (or the item it looked for). A target that keeps its data
   * (a long-lived ASE) may hold more than MAX_PAGES pages on a wallet address, in an order that puts what a
   * test just made last: "not seen" then proves nothing.
   */
  complete: boolean
}

/**
 * Every item of a list, following `endCursor` forward from the first page, up to the first item `until`
 * accepts. The spec leaves the order open, so a check that wants one item must look through them all, not
 * just the first page.
 */
export async function walkListUntil(
  resources: ListSender,
  first: ResourceCall,
  token: string,
  ruleId: RuleId,
  until: (item: unknown) => boolean = () => false,
): Promise<ListWalk> {
  const items: unknown[] = []
  let call = first
  for (let page = 0; page < MAX_PAGES; page++) {
    const exchange = await resources.send(call, token)
    expect(exchange).toAnswer(200, ruleId, 'listing')
    const body = exchange.response.json as ListPage
    items.push(...(body.result ?? []))
    if ((body.result ?? []).some(until)) return { items, complete: true }
    const cursor = body.pagination?.endCursor
    if (!body.pagination?.hasNextPage || cursor === undefined) return { items, complete: true }
    const url = new URL(first.url)
    url.searchParams.set('cursor', cursor)
    call = { ...first, url: url.href }
  }
  return { items, complete: false }
}

/** Every item of a list (see walkListUntil), as far as MAX_PAGES pages reach. */
export async function walkList(
  resources: ListSender,
  first: ResourceCall,
  token: string,
  ruleId: RuleId,
): Promise<unknown[]> {
  return (await walkListUntil(resources, first, token, ruleId)).items
}
