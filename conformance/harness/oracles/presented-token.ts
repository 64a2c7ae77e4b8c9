import type { Exchange } from '../../../clients/src/index.ts'

/** The token a request presents, from its `Authorization: GNAP <value>` header. */
export function presentedToken(exchange: Exchange): string | undefined {
  const authorization = Object.entries(exchange.request.headers).find(
    ([name]) => name.toLowerCase() === 'authorization',
  )?.[1]
  return /^GNAP\s+(\S+)$/i.exec(authorization ?? '')?.[1]
}
