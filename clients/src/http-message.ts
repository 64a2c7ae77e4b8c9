/** A request exactly as it goes on the wire; header names are lower-case. */
export interface OutgoingRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: Uint8Array
}

export interface ExchangeResponse {
  status: number
  headers: Record<string, string>
  body: Uint8Array
  text: string
  /** `undefined` when the body is not JSON-parsable. */
  json: unknown
}

export type Transport = (req: OutgoingRequest) => Promise<ExchangeResponse>

export interface Exchange {
  request: OutgoingRequest
  response: ExchangeResponse
}

export function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
}
