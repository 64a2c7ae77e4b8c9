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
 * One page of a table, newest first (created_at desc, id desc), in one query; cursors are item ids. `scope`
 * restricts the rows (wallet address, client). Returns undefined when the cursor is not one of the rows.
 *
 * The page is read with one row more than asked, which tells whether the list goes on past it. The other
 * side needs no query: a page read from a cursor has the cursor item there (it is in scope and lies before
 * a forward page, after a backward one), and a forward page without a cursor starts at the newest item.
 */
export async function pageRows<Row extends { id: string }>(
  db: Knex,
  table: string,
  scope: Record<string, string>,
  page: PageRequest,
): Promise<{ rows: Row[]; pageInfo: PageInfo } | undefined> {
  if (page.cursor !== undefined && !isUuid(page.cursor)) return undefined
  // The table alone, without joins: the planner then walks the (wallet address, created_at, id) index and
  // stops after the page, even on an embedded database that has no statistics.
  const query = db(table).where(scope)
  const order = page.direction === 'forward' ? 'desc' : 'asc'
  if (page.cursor !== undefined) {
    // A row-value comparison with the cursor row itself, so timestamps never round-trip through JS Dates.
    // Scoped: a cursor out of scope compares with nulls, so the page is empty, and checked below.
    const position = db(table).where(scope).where('id', page.cursor).select('created_at', 'id')
    query.whereRaw(`(created_at, id) ${order === 'desc' ? '<' : '>'} ?`, [position])
  }
  const read: Row[] = await query
    .orderBy([
      { column: 'created_at', order },
      { column: 'id', order },
    ])
    .limit(page.size + 1)
    .select('*')
  const more = read.length > page.size
  const rows = more ? read.slice(0, page.size) : read
  if (page.direction === 'backward') rows.reverse()
  const hasCursor = page.cursor !== undefined
  if (rows.length === 0 && hasCursor) {
    if ((await db(table).where(scope).where('id', page.cursor).first('id')) === undefined) return undefined
  }
  const [firstRow, lastRow] = [rows[0], rows.at(-1)]
  const cursors =
    firstRow === undefined || lastRow === undefined ? {} : { startCursor: firstRow.id, endCursor: lastRow.id }
  const pageInfo: PageInfo = {
    ...cursors,
    hasPreviousPage: page.direction === 'forward' ? hasCursor : more,
    hasNextPage: page.direction === 'forward' ? more : true,
  }
  return { rows, pageInfo }
}
