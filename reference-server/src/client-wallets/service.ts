import type { JWK } from '@interledger/open-payments'
import type { ClientKeys } from '../http-signatures/verify-signature.ts'

/** What the consent page shows about a client, from its wallet address document. */
export interface ClientDisplay {
  publicName: string | undefined
}

/**
 * Reads client wallet addresses the way any Open Payments server must: the keys at
 * `<client wallet address>/jwks.json`, the display name in the wallet address document.
 */
export interface ClientWalletService {
  /** The client's keys; a cached key set is refetched when it lacks `keyid`, so new keys are seen at once. */
  getKeys(clientUrl: string, keyid: string): Promise<ClientKeys>
  /** Best effort: a client whose document cannot be read is shown by its URL alone. */
  getDisplay(clientUrl: string): Promise<ClientDisplay>
}

export interface ClientWalletOptions {
  timeoutMs: number
  cacheTtlMs: number
  maxCachedClients: number
}

const DEFAULT_OPTIONS: ClientWalletOptions = { timeoutMs: 5000, cacheTtlMs: 60_000, maxCachedClients: 1000 }
const MAX_DOCUMENT_BYTES = 64 * 1024

export function createClientWalletService(options: Partial<ClientWalletOptions> = {}): ClientWalletService {
  const settings = { ...DEFAULT_OPTIONS, ...options }
  const cache = new Map<string, { keys: JWK[]; fetchedAt: number }>()

  return {
    async getKeys(clientUrl, keyid) {
      const cached = cache.get(clientUrl)
      const fresh = cached !== undefined && Date.now() - cached.fetchedAt < settings.cacheTtlMs
      if (fresh && cached.keys.some((key) => key.kid === keyid)) return { ok: true, keys: cached.keys }
      const fetched = await fetchKeys(clientUrl, settings.timeoutMs)
      if (fetched.ok) {
        if (cache.size >= settings.maxCachedClients) cache.delete(cache.keys().next().value ?? '')
        cache.set(clientUrl, { keys: fetched.keys, fetchedAt: Date.now() })
      }
      return fetched
    },
    async getDisplay(clientUrl) {
      const document = await fetchJson(clientUrl, settings.timeoutMs)
      const publicName = isObject(document) ? document.publicName : undefined
      return { publicName: typeof publicName === 'string' && publicName !== '' ? publicName : undefined }
    },
  }
}

function jwksUrl(clientUrl: string): string {
  return `${clientUrl.replace(/\/+$/, '')}/jwks.json`
}

async function fetchKeys(clientUrl: string, timeoutMs: number): Promise<ClientKeys> {
  const url = jwksUrl(clientUrl)
  const body = await fetchJson(url, timeoutMs)
  if (body === undefined)
    return { ok: false, reason: `the client's key set could not be fetched from ${url}` }
  const keys = isObject(body) ? body.keys : undefined
  if (!Array.isArray(keys)) return { ok: false, reason: `${url} is not a JSON Web Key Set` }
  return { ok: true, keys: keys.filter((key): key is JWK => isObject(key) && typeof key.kid === 'string') }
}

async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) return undefined
    const text = await response.text()
    return text.length > MAX_DOCUMENT_BYTES ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
