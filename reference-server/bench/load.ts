import { createHash, type KeyObject } from 'node:crypto'
import { createSigner, httpbis } from 'http-message-signatures'
import { Agent } from 'undici'

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
  /** An HTML form's fields, sent unsigned as a browser submits a form. */
  form?: string
}

export interface BenchReply {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

export interface LoadResult {
  /** Operations done: requests, or whole flows. */
  requests: number
  errors: number
  /** The first unexpected status and body, to say why a run had errors. */
  firstError: string | undefined
  seconds: number
  p50Ms: number
  p99Ms: number
}

/**
 * An HTTP client for one closed loop, over any number of origins (a flow uses both servers). Each request is
 * built and signed when sent, as the official client does (Ed25519, Content-Digest, `sig1` over @method,
 * @target-uri, authorization and the body's headers). `sent` counts requests, to divide server CPU by.
 */
export interface BenchClient {
  send(request: BenchRequest, signer: Signer | undefined): Promise<BenchReply>
  readonly sent: number
  close(): Promise<void>
}

export function createBenchClient(connections: number): BenchClient {
  const agent = new Agent({ connections, pipelining: 1 })
  let sent = 0
  return {
    async send(request, signer) {
      const { path, headers, body } = await prepare(request, signer)
      const { origin } = new URL(request.url)
      sent++
      const response = await agent.request({ origin, method: request.method, path, headers, body })
      return { status: response.statusCode, headers: response.headers, text: await response.body.text() }
    },
    get sent() {
      return sent
    },
    close: () => agent.close(),
  }
}

/**
 * A closed loop: `connections` workers each run an operation, wait for it and run the next, until `seconds`
 * have passed or `maxOperations` were started. An operation resolves to undefined when it went as expected,
 * else to what went wrong.
 */
export async function runClosedLoop(options: {
  connections: number
  seconds: number
  maxOperations: number
  operation: () => Promise<string | undefined>
}): Promise<LoadResult> {
  const latencies: number[] = []
  let errors = 0
  let started = 0
  let firstError: string | undefined
  const begin = performance.now()
  const deadline = begin + options.seconds * 1000
  const worker = async () => {
    while (performance.now() < deadline && started < options.maxOperations) {
      started++
      const sent = performance.now()
      let problem: string | undefined
      try {
        problem = await options.operation()
      } catch (err) {
        problem = String(err)
      }
      latencies.push(performance.now() - sent)
      if (problem !== undefined) {
        errors++
        firstError ??= problem
      }
    }
  }
  await Promise.all(Array.from({ length: options.connections }, worker))
  const seconds = (performance.now() - begin) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0
  return { requests: latencies.length, errors, firstError, seconds, p50Ms: at(0.5), p99Ms: at(0.99) }
}

/** One request per operation, each expected to answer `expectStatus`. */
export async function runLoad(options: {
  connections: number
  seconds: number
  maxOperations: number
  signer: Signer | undefined
  next: () => BenchRequest
  expectStatus: number
}): Promise<LoadResult> {
  const client = createBenchClient(options.connections)
  try {
    return await runClosedLoop({
      ...options,
      operation: async () => {
        const reply = await client.send(options.next(), options.signer)
        return reply.status === options.expectStatus
          ? undefined
          : `${reply.status} ${reply.text.slice(0, 300)}`
      },
    })
  } finally {
    await client.close()
  }
}

async function prepare(
  request: BenchRequest,
  signer: Signer | undefined,
): Promise<{ path: string; headers: Record<string, string>; body: string | undefined }> {
  const url = new URL(request.url)
  const path = url.pathname + url.search
  if (request.form !== undefined) {
    return { path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: request.form }
  }
  const body = request.json === undefined ? undefined : JSON.stringify(request.json)
  const headers: Record<string, string> = {}
  if (request.token !== undefined) headers.authorization = `GNAP ${request.token}`
  if (body !== undefined) {
    headers['content-type'] = 'application/json'
    headers['content-digest'] = `sha-512=:${createHash('sha512').update(body).digest('base64')}:`
  }
  if (signer === undefined) return { path, headers, body }
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
  return { path, headers: signed.headers as Record<string, string>, body }
}
