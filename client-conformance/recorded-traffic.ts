import { parseDictionary } from 'structured-headers'
import type { RecordedExchange } from './recording-proxy.ts'

const RESOURCE_PATH = /^\/(incoming-payments|outgoing-payments|quotes)(\/|$)/

/** What the proxy knows of an exchange before it answers: enough for the helpers below that read the request. */
type SeenRequest = Pick<RecordedExchange, 'request' | 'server'>

export const pathOf = (exchange: SeenRequest) => new URL(exchange.request.url).pathname

export function isClientExchange(exchange: RecordedExchange): boolean {
  return !(exchange.server === 'auth' && pathOf(exchange).startsWith('/interact/'))
}

/** Requests to the resource endpoints (not wallet address documents or keys). */
export function isResourceRequest(exchange: SeenRequest): boolean {
  return exchange.server === 'resource' && RESOURCE_PATH.test(pathOf(exchange))
}

export function isGrantRequest(exchange: RecordedExchange): boolean {
  return exchange.server === 'auth' && exchange.request.method === 'POST' && pathOf(exchange) === '/'
}

export function isContinuation(exchange: RecordedExchange): boolean {
  return (
    exchange.server === 'auth' &&
    exchange.request.method === 'POST' &&
    pathOf(exchange).startsWith('/continue/')
  )
}

export function isRotation(exchange: RecordedExchange): boolean {
  return (
    exchange.server === 'auth' && exchange.request.method === 'POST' && pathOf(exchange).startsWith('/token/')
  )
}

/**
 * The token the request presents, under whatever scheme: a token sent as `Bearer` is still that token (its
 * expiry, rotation and access are judged); the scheme is judged apart (CL-GNAP-SCHEME).
 */
export function tokenOf(exchange: SeenRequest): string | undefined {
  return /^\S+\s+(.+)$/.exec(exchange.request.headers.authorization ?? '')?.[1]
}

/** The scheme of the request's Authorization (`GNAP`, `Bearer`, ...), if it has one. */
export function authorizationScheme(exchange: SeenRequest): string | undefined {
  return /^(\S+)\s+\S/.exec(exchange.request.headers.authorization ?? '')?.[1]
}

export function requestJson(exchange: RecordedExchange): Record<string, unknown> | undefined {
  if (!exchange.request.body) return undefined
  try {
    return JSON.parse(new TextDecoder().decode(exchange.request.body))
  } catch {
    return undefined
  }
}

export function responseJson(exchange: RecordedExchange): Record<string, unknown> | undefined {
  const json = exchange.response.json
  return json && typeof json === 'object' ? (json as Record<string, unknown>) : undefined
}

/** One signature of Signature-Input: its label, covered components and keyid. */
export interface SignatureInput {
  label: string
  components: string[]
  keyid?: string
}

/** The members of Signature-Input; an unparsable field gives none. */
export function signatureInputs(exchange: RecordedExchange): SignatureInput[] {
  const field = exchange.request.headers['signature-input']
  if (!field) return []
  try {
    return [...parseDictionary(field)].flatMap(([label, [value, params]]) => {
      if (!Array.isArray(value)) return []
      const components = value.map(([item]) => String(item))
      const keyid = params.get('keyid')
      return [{ label, components, ...(typeof keyid === 'string' ? { keyid } : {}) }]
    })
  } catch {
    return []
  }
}

/** One access entry of a grant, as the authorization server granted it. */
export interface GrantedAccess {
  type?: string
  actions?: string[]
  identifier?: string
}

export interface IssuedToken {
  expiresAt: number
  exchange: RecordedExchange
  access: GrantedAccess[]
}

/**
 * Access tokens the authorization server issued (as the client saw them): value, when they stop being usable,
 * and the access they grant.
 */
export function issuedTokens(exchanges: readonly RecordedExchange[]): Map<string, IssuedToken> {
  const tokens = new Map<string, IssuedToken>()
  for (const exchange of exchanges) {
    if (exchange.server !== 'auth' || exchange.response.status >= 300) continue
    const token = responseJson(exchange)?.access_token as
      | { value?: string; expires_in?: number; access?: GrantedAccess[] }
      | undefined
    if (!token?.value) continue
    const lifetime = token.expires_in === undefined ? Number.POSITIVE_INFINITY : token.expires_in * 1000
    const access = Array.isArray(token.access) ? token.access : []
    tokens.set(token.value, { expiresAt: exchange.respondedAt + lifetime, exchange, access })
  }
  return tokens
}
