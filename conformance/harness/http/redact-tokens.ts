import { createHash } from 'node:crypto'
import { appendFileSync } from 'node:fs'
import { TOKEN_LOG_ENV } from '../../../settings/run-settings.ts'

/**
 * Access and continuation tokens never reach a report: every exchange and assertion message is formatted through
 * format-exchange.ts, which replaces each token value with a short fingerprint (the same for the same value, so a
 * reader can still tell which token a request carried). The values come from the exchanges themselves: the
 * `access_token` members of grant responses and the `GNAP` Authorization of requests.
 */

/** Token values this process has seen, to be replaced wherever they appear. */
const seen = new Set<string>()

/** Shorter values are not replaced inside other text: they could be a word of it. */
const MIN_TOKEN_LENGTH = 8
/** `GNAP <token>`; not the `GNAP as_uri="..."` challenge of WWW-Authenticate, which carries no token. */
const GNAP_AUTHORIZATION = /\bGNAP (?!as_uri=)([^\s'",}]+)/g

/** What stands for a token: its fingerprint, never its value. */
export function tokenFingerprint(value: string): string {
  return `«token sha256:${createHash('sha256').update(value).digest('hex').slice(0, 12)}»`
}

/** Remembers the token values a message carries: its Authorization and the `access_token` members of its body. */
export function rememberTokens(authorization: string | undefined, body: unknown): void {
  for (const [, value] of (authorization ?? '').matchAll(GNAP_AUTHORIZATION)) remember(value!)
  collect(body)
}

/** The text with every token value seen so far, and every `GNAP <value>`, replaced by its fingerprint. */
export function redactTokens(text: string): string {
  let out = text.replace(GNAP_AUTHORIZATION, (_, value: string) => `GNAP ${tokenFingerprint(value)}`)
  for (const value of seen) {
    if (value.length >= MIN_TOKEN_LENGTH && out.includes(value))
      out = out.replaceAll(value, tokenFingerprint(value))
  }
  return out
}

function remember(value: string): void {
  if (value.startsWith('«token') || seen.has(value)) return
  seen.add(value)
  const log = process.env[TOKEN_LOG_ENV]
  if (log) appendFileSync(log, `${value}\n`)
}

function collect(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) collect(item)
    return
  }
  if (typeof node !== 'object' || node === null) return
  for (const [key, value] of Object.entries(node)) {
    if (key === 'access_token') {
      for (const token of [value].flat()) {
        const tokenValue = (token as { value?: unknown } | undefined)?.value
        if (typeof tokenValue === 'string') remember(tokenValue)
      }
    }
    collect(value)
  }
}
