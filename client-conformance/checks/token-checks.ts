import {
  authorizationScheme,
  type GrantedAccess,
  isResourceRequest,
  issuedTokens,
  pathOf,
  requestJson,
  tokenOf,
} from '../recorded-traffic.ts'
import type { RecordedExchange } from '../recording-proxy.ts'
import { type Check, overExchanges } from './check.ts'

const TYPES: Record<string, string> = {
  'incoming-payments': 'incoming-payment',
  'outgoing-payments': 'outgoing-payment',
  quotes: 'quote',
}

/** Tokens go as `Authorization: GNAP <token>` (RFC 9635 7.2), on every request that carries one. */
export const gnapScheme: Check = (run) => [
  overExchanges(
    'CL-GNAP-SCHEME',
    run,
    (exchange) => exchange.request.headers.authorization !== undefined,
    (exchange) => {
      const scheme = authorizationScheme(exchange)
      return scheme === 'GNAP'
        ? undefined
        : `Authorization uses the scheme ${JSON.stringify(scheme ?? exchange.request.headers.authorization)}, not GNAP`
    },
  ),
]

/** What a resource request needs of a token's access: the type, the action and, when the request names it, the wallet address. */
export function neededAccess(
  exchange: RecordedExchange,
): { type: string; action: string; walletAddress?: string } | undefined {
  const [collection, id, sub] = pathOf(exchange).split('/').slice(1)
  const type = TYPES[collection ?? '']
  if (!type) return undefined
  const { method } = exchange.request
  if (method === 'POST' && id === undefined) {
    const walletAddress = requestJson(exchange)?.walletAddress
    return { type, action: 'create', ...(typeof walletAddress === 'string' ? { walletAddress } : {}) }
  }
  if (method === 'POST' && sub === 'complete') return { type, action: 'complete' }
  if (method === 'GET' && id === undefined) {
    const walletAddress = new URL(exchange.request.url).searchParams.get('wallet-address')
    return { type, action: 'list', ...(walletAddress ? { walletAddress } : {}) }
  }
  if (method === 'GET' && sub === undefined) return { type, action: 'read' }
  return undefined
}

function grants(access: GrantedAccess, needed: NonNullable<ReturnType<typeof neededAccess>>): boolean {
  const actions = access.actions ?? []
  return (
    access.type === needed.type &&
    (actions.includes(needed.action) || actions.includes(`${needed.action}-all`)) &&
    (access.identifier === undefined ||
      needed.walletAddress === undefined ||
      access.identifier === needed.walletAddress)
  )
}

/** A token is used only within its grant's access (the ASE answers 403 otherwise). */
export const tokenAccess: Check = (run) => {
  const tokens = issuedTokens(run.all)
  return [
    overExchanges(
      'CL-TOKEN-ACCESS',
      run,
      (exchange) =>
        isResourceRequest(exchange) &&
        tokens.has(tokenOf(exchange) ?? '') &&
        neededAccess(exchange) !== undefined,
      (exchange) => {
        const needed = neededAccess(exchange)!
        const { access } = tokens.get(tokenOf(exchange)!)!
        if (access.some((entry) => grants(entry, needed))) return undefined
        const given = access.map(
          (entry) =>
            `${entry.type} [${(entry.actions ?? []).join(', ')}]${entry.identifier ? ` on ${entry.identifier}` : ''}`,
        )
        return `the token's grant gives ${given.join('; ') || 'no access'}, not ${needed.action} of ${needed.type}${needed.walletAddress ? ` on ${needed.walletAddress}` : ''}`
      },
    ),
  ]
}
