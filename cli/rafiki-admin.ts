import { createHmac } from 'node:crypto'
import type { ClientKey } from '../conformance/harness/client-identity/client-key-pem.ts'
import { isHttpUrl } from '../conformance/harness/target/http-url.ts'
import { takeOption, UsageError } from './run-options.ts'

/** Where and as whom `init --template rafiki` reaches Rafiki's admin GraphQL API (the backend's admin port). */
export interface RafikiAdmin {
  url: string
  tenantId: string
  /** The tenant's API secret: it signs each request and is never printed. */
  secret: string
}

/** The environment variables that stand in for the flags; the secret is read from the environment only. */
export const ADMIN_ENV = {
  url: 'RAFIKI_ADMIN_URL',
  tenantId: 'RAFIKI_ADMIN_TENANT_ID',
  secret: 'RAFIKI_ADMIN_SECRET',
} as const

/** Rafiki's backend serves the admin API on port 3001 by default; only assumed for a Rafiki on this machine. */
const LOOPBACK_ADMIN_URL = 'http://127.0.0.1:3001/graphql'

/** `--admin-url` and `--admin-tenant`, taken off the command line before the wallet address is known. */
export function takeAdminFlags(args: string[]): { url?: string; tenantId?: string } {
  return { url: takeOption(args, '--admin-url'), tenantId: takeOption(args, '--admin-tenant') }
}

/**
 * The admin settings from the flags and the environment, or undefined when none is given (init then prints how to
 * register the key by hand). The secret has no flag: a flag shows in `ps` and in the shell's history. Only the
 * rafiki template registers keys; the environment alone does not make another template fail.
 */
export function rafikiAdmin(
  flags: { url?: string; tenantId?: string },
  env: NodeJS.ProcessEnv,
  walletAddress: string,
  rafikiTemplate: boolean,
): RafikiAdmin | undefined {
  if (!rafikiTemplate) {
    if (flags.url !== undefined || flags.tenantId !== undefined)
      throw new UsageError(
        'init: --admin-url and --admin-tenant register the key at a Rafiki: add --template rafiki',
      )
    return undefined
  }
  const url = flags.url ?? env[ADMIN_ENV.url]
  const tenantId = flags.tenantId ?? env[ADMIN_ENV.tenantId]
  const secret = env[ADMIN_ENV.secret]
  if (url === undefined && tenantId === undefined && !secret) return undefined
  if (!secret)
    throw new UsageError(
      `init: registering the key through Rafiki's admin API needs the tenant's API secret in ${ADMIN_ENV.secret}`,
    )
  if (!tenantId)
    throw new UsageError(
      `init: registering the key through Rafiki's admin API needs --admin-tenant (or ${ADMIN_ENV.tenantId}), the tenant the secret belongs to`,
    )
  const loopback = new URL(walletAddress).hostname === '127.0.0.1'
  const adminUrl = url ?? (loopback ? LOOPBACK_ADMIN_URL : undefined)
  if (!adminUrl)
    throw new UsageError(
      `init: give --admin-url (or ${ADMIN_ENV.url}), the backend's admin GraphQL endpoint, e.g. ${LOOPBACK_ADMIN_URL}`,
    )
  if (!isHttpUrl(adminUrl))
    throw new UsageError(
      `init: --admin-url must be an absolute http(s) URL (got ${JSON.stringify(adminUrl)})`,
    )
  return { url: adminUrl, tenantId, secret }
}

export interface AdminRequest {
  url: string
  headers: Record<string, string>
  body: string
}

/**
 * One signed admin request. Rafiki checks `signature: t=<ms>, v1=<hex HMAC-SHA256 of "<t>.<body>">` with the
 * secret of the tenant named in `tenant-id`, over the body it parsed and canonicalized (RFC 8785): the body is
 * sent in that canonical form so both sides hash the same bytes. A signature is accepted once and for a short
 * while (30 s by default), so each request gets its own timestamp.
 */
export function adminRequest(admin: RafikiAdmin, payload: object, now: number = Date.now()): AdminRequest {
  const body = canonicalJson(payload)
  const digest = createHmac('sha256', admin.secret).update(`${now}.${body}`).digest('hex')
  return {
    url: admin.url,
    headers: {
      'content-type': 'application/json',
      'tenant-id': admin.tenantId,
      signature: `t=${now}, v1=${digest}`,
    },
    body,
  }
}

/** RFC 8785's form for what the admin requests hold (objects, arrays, strings): members sorted, no spaces. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((name) => (value as Record<string, unknown>)[name] !== undefined)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

/** One GraphQL operation; its `data`, or an error saying what the admin API answered (never the secret). */
async function graphql(
  admin: RafikiAdmin,
  query: string,
  variables: object,
): Promise<Record<string, unknown>> {
  const request = adminRequest(admin, { query, variables })
  let response: Response
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(10_000),
    })
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code
    throw new Error(`Rafiki's admin API at ${admin.url}: no answer (${cause ?? (error as Error).message})`)
  }
  const text = await response.text()
  if (response.status === 401)
    throw new Error(
      `Rafiki's admin API at ${admin.url} answered 401: no tenant ${admin.tenantId}, or the secret in ${ADMIN_ENV.secret} is not its API secret`,
    )
  let json: { data?: Record<string, unknown>; errors?: { message?: string }[] }
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error(
      `Rafiki's admin API at ${admin.url} answered HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`,
    )
  }
  if (json.errors?.length || !json.data)
    throw new Error(
      `Rafiki's admin API at ${admin.url} answered HTTP ${response.status}: ${json.errors?.map((error) => error.message).join('; ') ?? 'no data'}`,
    )
  return json.data
}

/** The id Rafiki's admin API knows a wallet address by (its URL is `WalletAddress.address`). */
export async function walletAddressId(admin: RafikiAdmin, address: string): Promise<string> {
  const data = await graphql(
    admin,
    'query WalletAddressByUrl($url: String!) { walletAddressByUrl(url: $url) { id address } }',
    {
      url: address,
    },
  )
  const found = data.walletAddressByUrl as { id: string } | null
  if (!found)
    throw new Error(`Rafiki's admin API knows no wallet address ${address} (for tenant ${admin.tenantId})`)
  return found.id
}

/** Adds the public key to the wallet address, under its kid (createWalletAddressKey). */
export async function createWalletAddressKey(
  admin: RafikiAdmin,
  address: string,
  jwk: ClientKey['publicJwk'],
): Promise<void> {
  const id = await walletAddressId(admin, address)
  const { kid, x, alg, kty, crv } = jwk
  const data = await graphql(
    admin,
    'mutation CreateWalletAddressKey($input: CreateWalletAddressKeyInput!) { createWalletAddressKey(input: $input) { walletAddressKey { id jwk { kid } } } }',
    { input: { walletAddressId: id, jwk: { kid, x, alg, kty, crv } } },
  )
  const created = data.createWalletAddressKey as { walletAddressKey?: { jwk?: { kid?: string } } } | null
  if (created?.walletAddressKey?.jwk?.kid !== kid)
    throw new Error(`Rafiki's admin API did not create key ${kid} on ${address}: ${JSON.stringify(created)}`)
}
