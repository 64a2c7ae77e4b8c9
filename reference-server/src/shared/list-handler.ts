import type { RequestHandler } from 'express'
import { listScope, requireAccess } from '../authorization/resource-access.ts'
import type { PublicUrls } from '../config.ts'
import type { HttpError } from '../http/errors.ts'
import { type PageInfo, type PageRequest, readListQuery } from './pagination.ts'
import { walletAddressNameFromUrl } from './request-input.ts'

/** What a list asks its service for: one wallet address's items, one client's unless the token has list-all. */
export interface ListInput {
  walletAddressName: string
  client: string | undefined
  page: PageRequest
}

export interface Page<Item> {
  items: Item[]
  pageInfo: PageInfo
}

/** What a listing slice brings: its service's list, its errors, and how one item is shown. */
export interface ListSlice<Item, SliceError, Body> {
  list(input: ListInput): Promise<Page<Item> | SliceError>
  isError(value: unknown): value is SliceError
  toHttpError(error: SliceError): HttpError
  /** The slice's error for a wallet address this server does not host. */
  unknownWalletAddress: SliceError
  toBody(item: Item): Body
}

/**
 * GET /<resources>?wallet-address=…: the one list handler. The guard has checked the token's `list` right;
 * here the query is read, the token's entry must cover the wallet address (403), and the page is answered as
 * `{ pagination, result }`.
 */
export function listHandler<Item, SliceError, Body>(
  urls: PublicUrls,
  slice: ListSlice<Item, SliceError, Body>,
): RequestHandler {
  return async (_req, res) => {
    const access = requireAccess(res)
    const { walletAddress, page } = readListQuery(res.locals.query)
    const client = listScope(access, walletAddress)
    const walletAddressName = walletAddressNameFromUrl(walletAddress, urls.resourceServer)
    if (walletAddressName === undefined) throw slice.toHttpError(slice.unknownWalletAddress)
    const result = await slice.list({ walletAddressName, client, page })
    if (slice.isError(result)) throw slice.toHttpError(result)
    const body: { pagination: PageInfo; result: Body[] } = {
      pagination: result.pageInfo,
      result: result.items.map((item) => slice.toBody(item)),
    }
    res.json(body)
  }
}
