import type { ClientKey } from '../conformance/harness/client-identity/client-key-pem.ts'
import type { targetUndiciTransport } from '../conformance/harness/http/target-transport.ts'
import { getJson } from '../conformance/harness/preflight/check-wallet-address.ts'
import { jwksUrl } from './live-check.ts'
import { createWalletAddressKey, type RafikiAdmin } from './rafiki-admin.ts'
import { UsageError } from './run-options.ts'

type Transport = ReturnType<typeof targetUndiciTransport>

/** A registered client wallet address of the target file and the kid its key is (or is to be) published under. */
export interface Publication {
  field: 'client' | 'secondClient'
  walletAddress: string
  keyId: string
  /** published: it was already; registered: init registered it now (and saw it published); pending: neither. */
  state: 'published' | 'registered' | 'pending'
}

/** Rafiki's JWKS may lag its admin API by a moment; a few tries before init says the key is not published. */
const PUBLISHED_TRIES = 5
const PUBLISHED_INTERVAL_MS = 500

/**
 * Where the client's key stands on each registered client wallet address: looked up in its `jwks.json` (with
 * `findKid`, a key given without --key-id, by its public `x`: that prints its kid), and where it is not published,
 * registered through Rafiki's admin API when init has its settings, then looked up again. The transport goes
 * where a run's requests would (the target's routes). A failure on one wallet address leaves its key to register
 * by hand (`pending`), except a given key whose kid cannot be found: the file would name no kid at all.
 */
export async function publishClientKey(
  key: ClientKey,
  findKid: boolean,
  walletAddresses: { field: Publication['field']; walletAddress: string }[],
  admin: RafikiAdmin | undefined,
  transport: Transport,
): Promise<Publication[]> {
  const publications: Publication[] = []
  for (const { field, walletAddress } of walletAddresses) {
    try {
      const publication = await publishOn(key, findKid, field, walletAddress, admin, transport)
      if (publication) publications.push(publication)
    } catch (error) {
      if (error instanceof UsageError) throw error
      console.error(`init: ${field} ${walletAddress}: ${(error as Error).message}`)
      publications.push({ field, walletAddress, keyId: key.keyId, state: 'pending' })
    }
  }
  return publications
}

async function publishOn(
  key: ClientKey,
  findKid: boolean,
  field: Publication['field'],
  walletAddress: string,
  admin: RafikiAdmin | undefined,
  transport: Transport,
): Promise<Publication | undefined> {
  const url = jwksUrl(walletAddress)
  const keys = await publishedKeys(url, transport)
  const byX = keys.find((published) => published.x === key.publicJwk.x)
  const byKid = keys.find((published) => published.kid === key.keyId)
  if (!findKid && byKid && byKid.x !== key.publicJwk.x)
    throw new Error(`${url} publishes kid ${JSON.stringify(key.keyId)} with another public key`)
  const kid = findKid && typeof byX?.kid === 'string' ? byX.kid : key.keyId
  if (findKid ? byX : byKid) {
    console.log(`${field} ${walletAddress}: the key is published as kid ${kid} (${url})`)
    return { field, walletAddress, keyId: kid, state: 'published' }
  }
  if (!admin) {
    if (!findKid) return { field, walletAddress, keyId: kid, state: 'pending' }
    const unknown = `${url} publishes the key of --key under no kid`
    if (field === 'client')
      throw new UsageError(
        `init: client.walletAddress: ${unknown}; give --key-id, or the admin API settings to register it (see --help)`,
      )
    console.log(
      `${field} ${walletAddress}: ${unknown}; no secondClient written (--second-client names another)`,
    )
    return undefined
  }
  await createWalletAddressKey(admin, walletAddress, { ...key.publicJwk, kid })
  await untilPublished(url, kid, key.publicJwk.x, transport)
  console.log(
    `${field} ${walletAddress}: registered kid ${kid} through Rafiki's admin API; ${url} publishes it`,
  )
  return { field, walletAddress, keyId: kid, state: 'registered' }
}

async function publishedKeys(url: string, transport: Transport): Promise<{ kid?: unknown; x?: unknown }[]> {
  const response = await getJson(url, transport)
  if ('problem' in response) throw new Error(`${url}: ${response.problem}`)
  const keys = response.status === 200 ? (response.json as { keys?: unknown })?.keys : undefined
  // A wallet address with no key yet may answer 404 or an empty set: nothing published either way.
  return Array.isArray(keys) ? keys : []
}

async function untilPublished(url: string, kid: string, x: string, transport: Transport): Promise<void> {
  for (let attempt = 1; attempt <= PUBLISHED_TRIES; attempt++) {
    const keys = await publishedKeys(url, transport)
    if (keys.some((published) => published.kid === kid && published.x === x)) return
    await new Promise((resolve) => setTimeout(resolve, PUBLISHED_INTERVAL_MS))
  }
  throw new Error(`Rafiki's admin API registered kid ${kid}, but ${url} does not publish it`)
}
