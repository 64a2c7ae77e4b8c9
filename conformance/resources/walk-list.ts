import { expect } from '@playwright/test'
import { summarize } from '../http/format-exchange.ts'
import { rule } from '../rules/covers.ts'
import type { ResourceCall } from './resource-calls.ts'
import type { Resources } from './resources.ts'

/** More pages than any list the suite makes: a server whose cursors loop still ends the walk. */
const MAX_PAGES = 50

interface ListPage {
  pagination?: { hasNextPage?: boolean; endCursor?: string }
  result?: unknown[]
}

/**
 * Every item of a list, following `endCursor` forward from the first page. The spec leaves the order open,
 * so a check that wants one item must look through them all, not just the first page.
 */
export async function walkList(
  resources: Resources,
  first: ResourceCall,
  token: string,
  ruleId: string,
): Promise<unknown[]> {
  const items: unknown[] = []
  let call = first
  for (let page = 0; page < MAX_PAGES; page++) {
    const exchange = await resources.send(call, token)
    expect(exchange.response.status, rule(ruleId, `listing: ${summarize(exchange)}`)).toBe(200)
    const body = exchange.response.json as ListPage
    items.push(...(body.result ?? []))
    const cursor = body.pagination?.endCursor
    if (!body.pagination?.hasNextPage || cursor === undefined) return items
    const url = new URL(first.url)
    url.searchParams.set('cursor', cursor)
    call = { ...first, url: url.href }
  }
  return items
}
