import type { APIRequestContext } from '@playwright/test'
import type { ExchangeResponse, Transport } from '../../../clients/src/index.ts'

/**
 * Sends the client's already-signed bytes through Playwright's request context, so every call shows up in
 * Playwright's trace and report. Redirects are never followed: a redirect is an answer to check.
 */
export function playwrightTransport(context: APIRequestContext): Transport {
  return async (request) => {
    const response = await context.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      data: request.body ? Buffer.from(request.body) : undefined,
      maxRedirects: 0,
      failOnStatusCode: false,
      // A kept-alive connection the server closes just as a request is written on it is reset before the
      // server reads a byte (seen with Node's 5 s keep-alive under load): that is the transport, not an answer.
      // Playwright retries only that reset (ECONNRESET), as browsers do on a reused connection.
      maxRetries: 1,
    })
    const body = await response.body()
    const text = body.toString('utf8')
    return {
      status: response.status(),
      headers: response.headers(),
      body: new Uint8Array(body),
      text,
      json: parseJson(text),
    } satisfies ExchangeResponse
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
