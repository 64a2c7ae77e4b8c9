import { type Exchange, toCurl } from '../../clients/src/index.ts'
import { Routing } from './routing.ts'

/**
 * Human-readable request, response and a curl line that reproduces the request, for report attachments. The
 * request is shown by its identity URL; the curl line goes where the bytes went (the target's routes).
 */
export function formatExchange(exchange: Exchange, routing: Routing = new Routing()): string {
  const { request, response } = exchange
  const sent = routing.request(request)
  return [
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
  ].join('\n')
}

export function exchangeTitle(index: number, exchange: Exchange): string {
  const url = new URL(exchange.request.url)
  return `exchange ${index + 1}: ${exchange.request.method} ${url.pathname} -> ${exchange.response.status}`
}

/** One line for assertion messages: the request and what came back, the body cut short. */
export function summarize(exchange: Exchange): string {
  const { request, response } = exchange
  const body = response.text.length > 400 ? `${response.text.slice(0, 400)}...` : response.text
  return `${request.method} ${request.url} -> ${response.status} ${body || '(no body)'}`
}
