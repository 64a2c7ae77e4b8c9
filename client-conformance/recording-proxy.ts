import { createServer, type IncomingMessage, type Server } from 'node:http'
import { request as undiciRequest } from 'undici'
import type { Exchange } from '../clients/src/index.ts'

/** One request the simulated ASE received, byte for byte, with the answer the client got and when. */
export interface RecordedExchange extends Exchange {
  /** Order of arrival across both servers. */
  seq: number
  scenario: string
  server: 'resource' | 'auth'
  /** Epoch ms: the whole request had arrived. */
  receivedAt: number
  /** Epoch ms: the answer had been written. */
  respondedAt: number
  /** The fault that rewrote the answer, if one did. */
  fault?: string
}

/** An answer the proxy may change before the client sees it (one fault of a scenario). */
export interface ProxyAnswer {
  status: number
  headers: Record<string, string>
  body: Uint8Array
}

/** What a fault makes of an answer: a new one to inject, or undefined to leave it as it is. */
type FaultyAnswer = (ProxyAnswer & { fault: string }) | undefined

/**
 * Sees each exchange before the client does; returns a new answer to inject a fault, else undefined. It may act
 * on the ASE first (revoke a token): the client gets the answer once that is done.
 */
export type Fault = (
  exchange: Pick<RecordedExchange, 'request' | 'server'>,
  answer: ProxyAnswer,
) => FaultyAnswer | Promise<FaultyAnswer>

/** Shared by the proxies of one run: one sequence, one current scenario, one fault at a time. */
export class Recorder {
  readonly exchanges: RecordedExchange[] = []
  scenario = 'setup'
  fault: Fault | undefined
  #seq = 0
  #runs = 0

  /** Starts recording a scenario's run under a label of its own (several clients may run one scenario). */
  begin(scenario: string): string {
    this.scenario = `${scenario} #${++this.#runs}`
    return this.scenario
  }

  next(): number {
    return ++this.#seq
  }

  of(scenario: string): RecordedExchange[] {
    return this.exchanges.filter((exchange) => exchange.scenario === scenario)
  }
}

export interface RecordingProxy {
  url: string
  close(): Promise<void>
}

/**
 * A reverse proxy on loopback in front of one of the reference server's listeners. The server's public URLs
 * point here, so every URL a client is given or discovers (wallet addresses, resources, grant and continuation
 * URIs) comes through it, and the suite sees exactly what the ASE received.
 */
export async function startRecordingProxy(opts: {
  port: number
  upstream: string
  server: RecordedExchange['server']
  recorder: Recorder
}): Promise<RecordingProxy> {
  const { recorder } = opts
  const origin = `http://127.0.0.1:${opts.port}`
  const server = createServer(async (incoming, outgoing) => {
    try {
      const body = await readBody(incoming)
      const receivedAt = Date.now()
      const seq = recorder.next()
      const scenario = recorder.scenario
      const headers = headersOf(incoming)
      const request = {
        method: incoming.method ?? 'GET',
        url: `${origin}${incoming.url ?? '/'}`,
        headers,
        ...(body.byteLength > 0 ? { body } : {}),
      }
      const upstream = await undiciRequest(`${opts.upstream}${incoming.url ?? '/'}`, {
        method: request.method as 'GET',
        headers: Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'connection')),
        body: request.body,
      })
      const answer: ProxyAnswer = {
        status: upstream.statusCode,
        headers: flatten(upstream.headers),
        body: new Uint8Array(await upstream.body.arrayBuffer()),
      }
      const faulty = await recorder.fault?.({ request, server: opts.server }, answer)
      const sent = faulty ?? answer
      const responseHeaders: Record<string, string> = {
        ...sent.headers,
        'content-length': String(sent.body.byteLength),
      }
      delete responseHeaders['transfer-encoding']
      outgoing.writeHead(sent.status, responseHeaders)
      outgoing.end(sent.body)
      const text = new TextDecoder().decode(sent.body)
      recorder.exchanges.push({
        seq,
        scenario,
        server: opts.server,
        receivedAt,
        respondedAt: Date.now(),
        ...(faulty ? { fault: faulty.fault } : {}),
        request,
        response: { status: sent.status, headers: responseHeaders, body: sent.body, text, json: parse(text) },
      })
    } catch (error) {
      outgoing.writeHead(502, { 'content-type': 'application/json' })
      outgoing.end(JSON.stringify({ error: { code: 'proxy_error', description: (error as Error).message } }))
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, '127.0.0.1', resolve)
  })
  return { url: origin, close: () => closeServer(server) }
}

/** Rewrites a JSON answer: `edit` changes the parsed body in place. */
export function editJson(answer: ProxyAnswer, edit: (body: Record<string, unknown>) => void): ProxyAnswer {
  const body = JSON.parse(new TextDecoder().decode(answer.body)) as Record<string, unknown>
  edit(body)
  return { ...answer, body: new TextEncoder().encode(JSON.stringify(body)) }
}

function readBody(incoming: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    incoming.on('error', reject)
  })
}

/** Header names lower-case, repeated headers joined as they would be folded. */
function headersOf(incoming: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
    const name = incoming.rawHeaders[i]!.toLowerCase()
    const value = incoming.rawHeaders[i + 1]!
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value
  }
  return headers
}

function flatten(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}
