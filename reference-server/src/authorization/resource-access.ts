import type { Response } from 'express'
import type { PublicUrls } from '../config.ts'
import { HttpError } from '../http/errors.ts'
import { walletAddressUrl } from '../wallet-addresses/model.ts'
import { type AccessContext, type AccessEntry, coversAllClients, entryFor } from './access-context.ts'

/** The access the resource guard established; only routes behind `guard.require` may call it. */
export function requireAccess(res: Response): AccessContext {
  const access = optionalAccess(res)
  if (access === undefined) throw new Error('route reached without the resource guard')
  return access
}

/** Undefined when the request carried no Authorization (routes behind `guard.optional`). */
export function optionalAccess(res: Response): AccessContext | undefined {
  return res.locals.access
}

/** The token's entry covering the wallet address; no such entry is a 403. */
export function requireEntry(access: AccessContext, walletAddressUrl: string): AccessEntry {
  const entry = entryFor(access, walletAddressUrl)
  if (entry === undefined) {
    throw new HttpError(403, 'forbidden', 'The access token does not cover this wallet address.')
  }
  return entry
}

/**
 * Throws unless the token may see a resource: 403 without an entry for its wallet address; `notFound`
 * when another client created it and the entry lacks `read-all`.
 */
export function authorizeRead(
  access: AccessContext,
  resource: { walletAddressUrl: string; client: string | undefined },
  notFound: () => HttpError,
): void {
  const entry = requireEntry(access, resource.walletAddressUrl)
  if (!coversAllClients(entry, 'read') && resource.client !== access.client) throw notFound()
}

/** Whose a stored resource is, as `authorizeRead` judges it: its wallet address and the client that created it. */
export function ownerOf(
  urls: PublicUrls,
  resource: { walletAddressName: string; client: string | undefined },
): { walletAddressUrl: string; client: string | undefined } {
  return {
    walletAddressUrl: walletAddressUrl(urls.resourceServer, resource.walletAddressName),
    client: resource.client,
  }
}

/** For lists: the client whose resources the token may see, or undefined with `list-all`. */
export function listScope(access: AccessContext, walletAddressUrl: string): string | undefined {
  return coversAllClients(requireEntry(access, walletAddressUrl), 'list') ? undefined : access.client
}
