import { type Exchange, toCurl } from '../../../clients/src/index.ts'
import { redactTokens, rememberTokens } from './redact-tokens.ts'
import { Routing } from './routing.ts'
import { shortenSharedSecrets } from './shorten-shared-secrets.ts'

/**
 * Human-readable request, response and a curl line that reproduces the request, for report attachments. The
 * request is shown by its identity URL; the curl line goes where the bytes went (the target's routes). Token
 * values are replaced by their fingerprints (redact-tokens.ts): to replay, put a live token in the curl line. An
 * incoming payment's sharedSecret is shortened (shorten-shared-secrets.ts).
 */
export function formatExchange(exchange: Exchange, routing: Routing = new Routing()): string {
  const { request, response } = exchange
  const sent = routing.request(request)
  rememberExchangeTokens(exchange)
  return shown(
    [
      `${request.method} ${request.url}`,
      ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
      '',
      request.body ? new TextDecoder().decode(request.body) : '(no body)',
      '',
      `HTTP ${response.status}`,
      ...Object.entries(response.headers).map(([name, value]) => `${name}: ${value}`),
      '',
      response.json === undefined ? response.text || '(no body)' : JSON.stringify(response.json, null, 2),
      '',
      '# reproduce (the signature carries its creation time, so replay soon or re-sign):',
      ...(sent === request ? [] : [`# sent to ${sent.url} (a route of the target file)`]),
      toCurl(sent),
      '',
    ].join('\n'),
  )
}

export function exchangeTitle(index: number, exchange: Exchange): string {
  const url = new URL(exchange.request.url)
  return `exchange ${index + 1}: ${exchange.request.method} ${url.pathname} -> ${exchange.response.status}`
}

/** The exchange in a few words, for the verdict's evidence: `POST /incoming-payments -> 201`. */
export function exchangeRef(exchange: Exchange): string {
  return `${exchange.request.method} ${new URL(exchange.request.url).pathname} -> ${exchange.response.status}`
}

/** One line for assertion messages: the request and what came back, the body cut short. */
export function summarize(exchange: Exchange): string {
  const { request, response } = exchange
  rememberExchangeTokens(exchange)
  // Redacted before it is cut, so a token at the cut cannot leave a recognisable part behind.
  const text = shown(response.text)
  const body = text.length > 400 ? `${text.slice(0, 400)}...` : text
  return redactTokens(`${request.method} ${request.url} -> ${response.status} ${body || '(no body)'}`)
}

/** What a report may show of an exchange's text: no token value, no whole sharedSecret. */
function shown(text: string): string {
  return shortenSharedSecrets(redactTokens(text))
}

/** Remembers the tokens an exchange carries (see redact-tokens.ts), so every report shows only fingerprints. */
export function rememberExchangeTokens({ request, response }: Exchange): void {
  rememberTokens(request.headers.authorization, response.json)
  if (request.body === undefined) return
  try {
    rememberTokens(undefined, JSON.parse(new TextDecoder().decode(request.body)))
  } catch {
    // Not JSON: only its Authorization can carry a token.
  }
}
