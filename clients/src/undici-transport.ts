import { type Dispatcher, request } from 'undici'
import type { ExchangeResponse, OutgoingRequest, Transport } from './http-message.ts'

const TIMEOUT_MS = 30_000

/** Sends the bytes as given and never follows redirects, so tests see exactly what the server answered. */
export const undiciTransport: Transport = createUndiciTransport()

/** The same through a dispatcher of the caller's (an Agent that trusts a test CA, for instance). */
export function createUndiciTransport(opts: { dispatcher?: Dispatcher } = {}): Transport {
  return (req) => send(req, opts.dispatcher)
}

async function send(req: OutgoingRequest, dispatcher: Dispatcher | undefined): Promise<ExchangeResponse> {
  const signal = AbortSignal.timeout(TIMEOUT_MS)
  try {
    const res = await request(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal,
      dispatcher,
    })
    const body = new Uint8Array(await res.body.arrayBuffer())
    return toExchangeResponse(res.statusCode, res.headers, body)
  } catch (cause) {
    if (signal.aborted) {
      throw new Error(`${req.method} ${req.url}: no complete response within ${TIMEOUT_MS / 1000} s`, {
        cause,
      })
    }
    throw cause
  }
}

function toExchangeResponse(
  status: number,
  rawHeaders: Record<string, string | string[] | undefined>,
  body: Uint8Array,
): ExchangeResponse {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(rawHeaders)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  const text = new TextDecoder().decode(body)
  return { status, headers, body, text, json: parseJson(text) }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
