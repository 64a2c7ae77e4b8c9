import type { OutgoingRequest, Transport } from '../../../clients/src/index.ts'
import type { Route, TargetFile } from '../target/target-file.ts'

/** Where a request to an identity URL really goes. */
export interface RoutedAddress {
  /** The transport URL the bytes are sent to. */
  url: string
  /** Added to the request (lower-case names), `host` included: the identity's, unless the route sets it. */
  headers: Record<string, string>
}

/**
 * The target's `routes`: identities (wallet addresses, resource ids, authServer, any URL the target gives)
 * that the suite reaches at another address. Every request path asks this one object: the API transports
 * (routedTransport), the signer (signedTargetUri), and both consent drivers.
 */
export class Routing {
  readonly #routes: { identity: string; transport: string; route: Route }[]

  constructor(routes: readonly Route[] = []) {
    this.#routes = routes
      .map((route) => ({ identity: withSlash(route.identity), transport: withSlash(route.transport), route }))
      // The longest identity wins, so a route for one path can sit beside one for its whole origin.
      .sort((a, b) => b.identity.length - a.identity.length)
  }

  get empty(): boolean {
    return this.#routes.length === 0
  }

  /** The transport address of `url`, or undefined when no route covers it (it is sent as it is). */
  resolve(url: string): RoutedAddress | undefined {
    const match = this.#match(url)
    if (!match) return undefined
    const headers: Record<string, string> = { host: new URL(match.identity).host }
    for (const [name, value] of Object.entries(match.route.headers ?? {})) headers[name.toLowerCase()] = value
    return { url: match.url, headers }
  }

  /** What `@target-uri` covers for a request to `url`: the identity unless its route says `transport`. */
  signedTargetUri(url: string): string {
    const match = this.#match(url)
    return match?.route.signedTargetUri === 'transport' ? match.url : url
  }

  /** The request as it goes on the wire: the transport URL, the route's headers added. */
  request(request: OutgoingRequest): OutgoingRequest {
    const routed = this.resolve(request.url)
    if (!routed) return request
    return { ...request, url: routed.url, headers: { ...request.headers, ...routed.headers } }
  }

  #match(url: string): { identity: string; route: Route; url: string } | undefined {
    const href = new URL(url).href
    for (const { identity, transport, route } of this.#routes) {
      // The identity ends with "/"; it also covers its own path without the slash (`https://a/b` for `https://a/b/`).
      if (href.startsWith(identity)) return { identity, route, url: transport + href.slice(identity.length) }
      const bare = identity.slice(0, -1)
      if (href === bare || href.startsWith(`${bare}?`) || href.startsWith(`${bare}#`)) {
        return { identity, route, url: transport.slice(0, -1) + href.slice(bare.length) }
      }
    }
    return undefined
  }
}

export function routingOf(target: Pick<TargetFile, 'routes'>): Routing {
  return new Routing(target.routes)
}

/** A transport that sends each request to its routed address; plug any transport in (Playwright's, undici's). */
export function routedTransport(routing: Routing, transport: Transport): Transport {
  if (routing.empty) return transport
  return (request) => transport(routing.request(request))
}

/** A prefix that ends with "/" matches only whole path segments. */
function withSlash(url: string): string {
  const parsed = new URL(url)
  if (!parsed.pathname.endsWith('/')) parsed.pathname = `${parsed.pathname}/`
  return parsed.href
}
