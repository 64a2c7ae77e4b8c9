import type { components } from '@interledger/open-payments/dist/openapi/generated/resource-server-types.js'
import type { Knex } from 'knex'
import { invalid, isUuid } from './request-input.ts'

export type PageInfo = components['schemas']['page-info']

const DEFAULT_PAGE_SIZE = 20

/** `forward` pages towards older items (after the cursor), `backward` towards newer ones (before it). */
export type PageRequest =
  | { direction: 'forward'; size: number; cursor: string | undefined }
  | { direction: 'backward'; size: number; cursor: string }

export interface ListQuery {
  walletAddress: string
  page: PageRequest
}

/**
 * Reads the list query once request validation has checked it against the OpenAPI parameters (types,
 * `first`/`last` from 1 to 100, `wallet-address` required). What the schema cannot say is a 400 naming the
 * parameter: an empty wallet address, `first` with `last`, `last` without `cursor`.
 */
export function readListQuery(query: Record<string, unknown> | undefined): ListQuery {
  if (query === undefined) throw new Error('list route reached without query validation')
  const walletAddress = query['wallet-address'] as string
  if (walletAddress === '') {
    throw invalid('wallet-address', 'The "wallet-address" query parameter must not be empty.')
  }
  const cursor = query.cursor as string | undefined
  const first = query.first as number | undefined
  const last = query.last as number | undefined
  if (first !== undefined && last !== undefined) {
    throw invalid('last', 'Give "first" (page forward) or "last" (page backward), not both.')
  }
  if (last !== undefined) {
    if (cursor === undefined) throw invalid('last', '"last" pages backward from a cursor; give "cursor" too.')
    return { walletAddress, page: { direction: 'backward', size: last, cursor } }
  }
  return { walletAddress, page: { direction: 'forward', size: first ?? DEFAULT_PAGE_SIZE, cursor } }
}

/**
 * Pages a table newest first (created_at desc, id desc); cursors are item ids. `scope` restricts the rows
 * (wallet address, client). Returns the ids of the page, or undefined when the cursor is not one of the rows.
 */
export async function pageIds(
  db: Knex,
  table: string,
  scope: Record<string, string>,
  page: PageRequest,
): Promise<{ ids: string[]; pageInfo: PageInfo } | undefined> {
  const scoped = () => db(table).where(scope)
  // Row-value comparisons against the cursor row itself, so timestamps never round-trip through JS Dates.
  const position = (id: string) => db.raw('(select created_at, id from ?? where id = ?)', [table, id])
  const olderThan = (id: string) => db.raw('(created_at, id) < ?', [position(id)])
  const newerThan = (id: string) => db.raw('(created_at, id) > ?', [position(id)])
  const exists = async (condition: Knex.Raw) => (await scoped().whereRaw(condition).first('id')) !== undefined

  if (page.cursor !== undefined) {
    if (!isUuid(page.cursor) || (await scoped().where('id', page.cursor).first('id')) === undefined) {
      return undefined
    }
  }
  let ids: string[]
  if (page.direction === 'forward') {
    const query = scoped().orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    if (page.cursor !== undefined) query.whereRaw(olderThan(page.cursor))
    ids = (await query.limit(page.size).select<{ id: string }[]>('id')).map((row) => row.id)
  } else {
    const rows = await scoped()
      .whereRaw(newerThan(page.cursor))
      .orderBy([
        { column: 'created_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .limit(page.size)
      .select<{ id: string }[]>('id')
    ids = rows.map((row) => row.id).reverse()
  }

  const firstId = ids[0]
  const lastId = ids.at(-1)
  if (firstId === undefined || lastId === undefined) {
    // An empty page still sits next to the cursor: the cursor item is before a forward page, after a backward one.
    const hasCursor = page.cursor !== undefined
    return {
      ids,
      pageInfo: {
        hasPreviousPage: hasCursor && page.direction === 'forward',
        hasNextPage: hasCursor && page.direction === 'backward',
      },
    }
  }
  return {
    ids,
    pageInfo: {
      startCursor: firstId,
      endCursor: lastId,
      hasPreviousPage: await exists(newerThan(firstId)),
      hasNextPage: await exists(olderThan(lastId)),
    },
  }
}
