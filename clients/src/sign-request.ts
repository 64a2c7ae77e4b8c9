import { createSigner, httpbis } from 'http-message-signatures'
import { contentDigest } from './content-digest.ts'
import { lowerCaseKeys, type OutgoingRequest } from './http-message.ts'
import type { ClientKey } from './keys.ts'

export interface SignOptions {
  key: ClientKey
  /** Unix seconds; defaults to now. */
  created?: number
  /** Defaults to `sig1`, the only label upstream Open Payments clients send. */
  label?: string
  /** Overrides the covered component list. */
  components?: string[]
  /**
   * The URL `@target-uri` covers, when the server sees the request at another URL than the one it is sent to
   * (a proxy in between); defaults to the request's URL.
   */
  targetUri?: string
}

/**
 * Signs as the upstream Open Payments SDK does (RFC 9421, Ed25519, params `keyid` and `created`, no
 * `alg`), except that the content digest covers the exact body bytes rather than a re-serialization.
 */
export async function signRequest(req: OutgoingRequest, opts: SignOptions): Promise<OutgoingRequest> {
  const headers = lowerCaseKeys(req.headers)
  if (req.body !== undefined) {
    headers['content-digest'] ??= contentDigest(req.body)
    headers['content-length'] ??= String(req.body.byteLength)
  }
  const hasBody = req.body !== undefined
  if (hasBody && !opts.components && headers['content-type'] === undefined) {
    throw new Error('signRequest: a request with a body needs a content-type header (or explicit components)')
  }
  const components = opts.components ?? defaultComponents(hasBody, headers.authorization !== undefined)
  const signed = await httpbis.signMessage(
    {
      key: createSigner(opts.key.privateKey, 'ed25519', opts.key.keyId),
      name: opts.label ?? 'sig1',
      params: ['keyid', 'created'],
      paramValues: { created: new Date((opts.created ?? Math.floor(Date.now() / 1000)) * 1000) },
      fields: components,
    },
    { method: req.method, url: opts.targetUri ?? req.url, headers },
  )
  return { ...req, headers: lowerCaseKeys(signed.headers as Record<string, string>) }
}

/** The components signRequest covers unless told otherwise: the request line, the token, and the body's headers. */
export function defaultComponents(hasBody: boolean, hasToken = true): string[] {
  const components = hasToken ? ['@method', '@target-uri', 'authorization'] : ['@method', '@target-uri']
  return hasBody ? [...components, 'content-digest', 'content-length', 'content-type'] : components
}
