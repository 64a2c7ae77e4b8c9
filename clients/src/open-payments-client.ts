import { type Exchange, lowerCaseKeys, type OutgoingRequest, type Transport } from './http-message.ts'
import type { ClientKey } from './keys.ts'
import { type SignOptions, signRequest } from './sign-request.ts'
import { undiciTransport } from './undici-transport.ts'

export interface RequestOptions {
  method: string
  url: string
  /** Sent as `authorization: GNAP <token>`. */
  token?: string
  /** Serialized once; those exact bytes are digested, signed and sent. */
  json?: unknown
  /** Sent as is, for negative tests; give the content-type in `headers`. */
  rawBody?: Uint8Array | string
  /** Applied last, so they can override the defaults (accept, authorization, content-type). */
  headers?: Record<string, string>
  /** Defaults to true when there is a key (the client's or `signOptions.key`). */
  sign?: boolean
  signOptions?: Partial<Omit<SignOptions, 'key'>> & { key?: ClientKey }
  /** Runs after signing and before sending, to break a correctly signed request on purpose. */
  alter?: (signed: OutgoingRequest) => OutgoingRequest | Promise<OutgoingRequest>
}

export class OpenPaymentsClient {
  readonly key?: ClientKey
  /** The client's identity URL, as put in grant requests. */
  readonly walletAddress?: string
  readonly #transport: Transport
  readonly #signedTargetUri: (url: string) => string

  constructor(
    opts: {
      key?: ClientKey
      walletAddress?: string
      transport?: Transport
      /** The URL a signature covers as `@target-uri` for a request to `url` (default: `url`). */
      signedTargetUri?: (url: string) => string
    } = {},
  ) {
    this.key = opts.key
    this.walletAddress = opts.walletAddress
    this.#transport = opts.transport ?? undiciTransport
    this.#signedTargetUri = opts.signedTargetUri ?? ((url) => url)
  }

  async prepare(opts: RequestOptions): Promise<OutgoingRequest> {
    if (opts.json !== undefined && opts.rawBody !== undefined) {
      throw new Error('prepare: give either json or rawBody, not both')
    }
    const body = encodeBody(opts)
    const headers: Record<string, string> = { accept: 'application/json' }
    if (opts.token !== undefined) headers.authorization = `GNAP ${opts.token}`
    if (opts.json !== undefined) headers['content-type'] = 'application/json'
    Object.assign(headers, lowerCaseKeys(opts.headers ?? {}))

    // Normalized the way a server reconstructs @target-uri, so default ports or host case cannot break it.
    let req: OutgoingRequest = { method: opts.method, url: new URL(opts.url).href, headers }
    if (body !== undefined) req.body = body

    const key = opts.signOptions?.key ?? this.key
    if (opts.sign ?? key !== undefined) {
      if (!key) throw new Error(`prepare: cannot sign ${req.method} ${req.url}, the client has no key`)
      req = await signRequest(req, { targetUri: this.#signedTargetUri(req.url), ...opts.signOptions, key })
    }
    return opts.alter ? opts.alter(req) : req
  }

  async send(opts: RequestOptions): Promise<Exchange> {
    const request = await this.prepare(opts)
    return { request, response: await this.#transport(request) }
  }
}

function encodeBody(opts: RequestOptions): Uint8Array | undefined {
  if (opts.json !== undefined) return new TextEncoder().encode(JSON.stringify(opts.json))
  if (typeof opts.rawBody === 'string') return new TextEncoder().encode(opts.rawBody)
  return opts.rawBody
}
