import { createHash, type KeyObject } from 'node:crypto'
import { createSigner, httpbis } from 'http-message-signatures'
import { Pool } from 'undici'

/** Who signs: the client's key and its `keyid`. Unsigned requests (the wallet address document) pass none. */
export interface Signer {
  keyId: string
  privateKey: KeyObject
}

export interface BenchRequest {
  method: 'GET' | 'POST'
  url: string
  token?: string
  json?: unknown
}

export interface LoadResult {
  requests: number
  errors: number
  /** The first unexpected status and body, to say why a run had errors. */
  firstError: string | undefined
  seconds: number
  p50Ms: number
  p99Ms: number
}

/**
 * A closed loop: `connections` workers each send a request, wait for its answer and send the next, for
 * `seconds`. Each request is built and signed when sent, as the official client does (Ed25519,
 * Content-Digest, `sig1` over @method, @target-uri, authorization and the body's headers).
 */
export async function runLoad(options: {
  origin: string
  connections: number
  seconds: number
  signer: Signer | undefined
  next: () => BenchRequest
  expectStatus: number
}): Promise<LoadResult> {
  const pool = new Pool(options.origin, { connections: options.connections, pipelining: 1 })
  const latencies: number[] = []
  let errors = 0
  let firstError: string | undefined
  const started = performance.now()
  const deadline = started + options.seconds * 1000
  const worker = async () => {
    while (performance.now() < deadline) {
      const request = options.next()
      const { path, headers, body } = await prepare(request, options.signer)
      const sent = performance.now()
      try {
        const response = await pool.request({ method: request.method, path, headers, body })
        const text = await response.body.text()
        latencies.push(performance.now() - sent)
        if (response.statusCode !== options.expectStatus) {
          errors++
          firstError ??= `${response.statusCode} ${text.slice(0, 300)}`
        }
      } catch (err) {
        errors++
        firstError ??= String(err)
      }
    }
  }
  await Promise.all(Array.from({ length: options.connections }, worker))
  const seconds = (performance.now() - started) / 1000
  await pool.close()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0
  return { requests: latencies.length, errors, firstError, seconds, p50Ms: at(0.5), p99Ms: at(0.99) }
}

async function prepare(
  request: BenchRequest,
  signer: Signer | undefined,
): Promise<{ path: string; headers: Record<string, string>; body: string | undefined }> {
  const url = new URL(request.url)
  const body = request.json === undefined ? undefined : JSON.stringify(request.json)
  const headers: Record<string, string> = {}
  if (request.token !== undefined) headers.authorization = `GNAP ${request.token}`
  if (body !== undefined) {
    headers['content-type'] = 'application/json'
    headers['content-digest'] = `sha-512=:${createHash('sha512').update(body).digest('base64')}:`
  }
  if (signer === undefined) return { path: url.pathname + url.search, headers, body }
  const signed = await httpbis.signMessage(
    {
      key: createSigner(signer.privateKey, 'ed25519', signer.keyId),
      name: 'sig1',
      params: ['keyid', 'created'],
      fields: [
        '@method',
        '@target-uri',
        ...(request.token === undefined ? [] : ['authorization']),
        ...(body === undefined ? [] : ['content-digest', 'content-length', 'content-type']),
      ],
    },
    {
      method: request.method,
      url: url.href,
      headers:
        body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    },
  )
  return { path: url.pathname + url.search, headers: signed.headers as Record<string, string>, body }
}
