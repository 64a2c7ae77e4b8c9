import { createHash, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto'
import { Agent, createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { JWK } from '@interledger/open-payments'
import { createSigner, httpbis } from 'http-message-signatures'

// The reference server must not import clients/, so its tests sign with the same library directly.

export interface ClientKeyPair {
  keyId: string
  privateKey: KeyObject
  publicJwk: JWK
}

export function generateKeyPair(keyId: string = randomUUID()): ClientKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const { x } = publicKey.export({ format: 'jwk' })
  return {
    keyId,
    privateKey,
    publicJwk: { kid: keyId, alg: 'EdDSA', kty: 'OKP', crv: 'Ed25519', x: x ?? '' },
  }
}

/** A client wallet address served on this machine: its document and its JWKS. */
export interface TestClient {
  walletAddress: string
  key: ClientKeyPair
  close(): Promise<void>
}

export async function startTestClient(options: { publicName?: string } = {}): Promise<TestClient> {
  const key = generateKeyPair()
  const server = createServer((req, res) => {
    const origin = `http://${req.headers.host}`
    const body =
      req.url === '/client'
        ? {
            id: `${origin}/client`,
            ...(options.publicName === undefined ? {} : { publicName: options.publicName }),
            assetCode: 'USD',
            assetScale: 2,
            authServer: `${origin}/auth`,
            resourceServer: origin,
          }
        : req.url === '/client/jwks.json'
          ? { keys: [key.publicJwk] }
          : undefined
    res.statusCode = body === undefined ? 404 : 200
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify(body ?? { error: { code: 'not_found', description: 'unknown path' } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    walletAddress: `http://127.0.0.1:${port}/client`,
    key,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

export interface SignOptions {
  components?: string[]
  /** Unix seconds. */
  created?: number
  label?: string
  keyid?: string
  /** Signs with this key instead of the client's (still naming `keyid`). */
  privateKey?: KeyObject
}

export interface SendOptions {
  method: string
  url: string
  /** Sent as `Authorization: GNAP <token>`. */
  token?: string
  json?: unknown
  /** Raw body bytes, for bodies that are not what `json` would serialize to. */
  body?: string
  contentType?: string
  /** false sends the request unsigned. */
  sign?: SignOptions | false
  /** Changes the request after signing (the headers, or the body), to test what a verifier rejects. */
  alter?: (request: { headers: Record<string, string>; body: string | undefined }) => void
}

export interface Reply {
  status: number
  headers: Headers
  body: unknown
}

export function contentDigest(body: string, algorithm: 'sha-512' | 'sha-256' = 'sha-512'): string {
  const hash = createHash(algorithm === 'sha-512' ? 'sha512' : 'sha256')
    .update(body)
    .digest('base64')
  return `${algorithm}=:${hash}:`
}

/**
 * A connection per request. Kept alive, a connection idle near the server's keepAliveTimeout (5 s) can be reused
 * just as the server closes it, and on a loaded machine (a lagging event loop) that request fails with
 * ECONNRESET. (Not undici's own Agent: importing the undici package replaces the global fetch's dispatcher for
 * the whole test process, which broke the official SDK's requests in open-payments-sdk.test.ts.)
 */
const agent = new Agent({ keepAlive: false })
const REQUEST_TIMEOUT_MS = 30_000

/** Sends a request signed the way Open Payments clients sign, as `client`. */
export async function send(client: TestClient, options: SendOptions): Promise<Reply> {
  const body = options.body ?? (options.json === undefined ? undefined : JSON.stringify(options.json))
  const headers: Record<string, string> = {}
  if (options.token !== undefined) headers.authorization = `GNAP ${options.token}`
  if (body !== undefined) {
    headers['content-type'] = options.contentType ?? 'application/json'
    headers['content-digest'] = contentDigest(body)
  }
  const signed =
    options.sign === false ? headers : await signHeaders(client, options, options.sign ?? {}, headers, body)
  const request = { headers: { ...signed }, body }
  options.alter?.(request)
  const response = await exchange(options.method, new URL(options.url), request.headers, request.body).catch(
    (error: unknown) => {
      throw new Error(`${options.method} ${options.url}: ${(error as Error).message}`, { cause: error })
    },
  )
  return {
    status: response.status,
    headers: response.headers,
    body: response.text === '' ? undefined : JSON.parse(response.text),
  }
}

/** One HTTP exchange, as sent (no redirect followed); a server that never answers fails it after 30 s. */
function exchange(
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; headers: Headers; text: string }> {
  const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, headers: { ...length, ...headers }, agent, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const received = new Headers()
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            received.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!)
          resolve({
            status: res.statusCode ?? 0,
            headers: received,
            text: Buffer.concat(chunks).toString('utf8'),
          })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

async function signHeaders(
  client: TestClient,
  options: SendOptions,
  sign: SignOptions,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Record<string, string>> {
  const components = sign.components ?? [
    '@method',
    '@target-uri',
    ...(headers.authorization === undefined ? [] : ['authorization']),
    ...(body === undefined ? [] : ['content-digest', 'content-type']),
  ]
  const keyid = sign.keyid ?? client.key.keyId
  const signed = await httpbis.signMessage(
    {
      key: createSigner(sign.privateKey ?? client.key.privateKey, 'ed25519', keyid),
      name: sign.label ?? 'sig1',
      params: ['keyid', 'created'],
      paramValues: { created: new Date((sign.created ?? Math.floor(Date.now() / 1000)) * 1000) },
      fields: components,
    },
    // The URL as it goes on the wire: `http://host` is sent, and must be signed, as `http://host/`.
    { method: options.method, url: new URL(options.url).href, headers },
  )
  return Object.fromEntries(
    Object.entries(signed.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
  )
}
