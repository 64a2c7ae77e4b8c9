import type { ExchangeResponse } from '../../../clients/src/index.ts'

/** What Artillery's HTTP engine (got) hands `afterResponse`: the body as text, or as a Buffer. */
export interface ArtilleryResponse {
  statusCode: number
  headers: Record<string, string | string[] | undefined>
  body?: string | Uint8Array
}

/** The answer as the suite's client would have read it, so the suite's checks judge it unchanged. */
export function exchangeResponseOf(response: ArtilleryResponse): ExchangeResponse {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(response.headers))
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  const body =
    typeof response.body === 'string'
      ? new TextEncoder().encode(response.body)
      : new Uint8Array(response.body ?? new Uint8Array())
  const text = new TextDecoder().decode(body)
  return { status: response.statusCode, headers, body, text, json: parseJson(text) }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
