import { createHash } from 'node:crypto'
import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
import { GRANT_STORE_ENV, TOKEN_LOG_ENV } from '../../../settings/run-settings.ts'

/**
 * Access and continuation tokens never reach a report: every exchange and assertion message is formatted through
 * format-exchange.ts, which replaces each token value with a short fingerprint (the same for the same value, so a
 * reader can still tell which token a request carried). The values come from the exchanges themselves: the
 * `access_token` members of grant responses and the `GNAP` Authorization of requests. Playwright's traces record
 * requests as sent: they are redacted after each test from the same values (redact-trace.ts).
 */

/** Token values this process has seen, to be replaced wherever they appear. */
const seen = new Set<string>()

/** Shorter values are not replaced inside other text: they could be a word of it. */
const MIN_TOKEN_LENGTH = 8
/**
 * `GNAP <token>`; not the `GNAP as_uri="..."` challenge of WWW-Authenticate, which carries no token, and not a
 * fingerprint already put in place: text redacted twice (an exchange inside an assertion message) keeps one.
 */
const GNAP_AUTHORIZATION = /\bGNAP (?!as_uri=|«token )([^\s'",}]+)/g

/** What stands for a token: its fingerprint, never its value. */
export function tokenFingerprint(value: string): string {
  return `«token sha256:${createHash('sha256').update(value).digest('hex').slice(0, 12)}»`
}

/** Remembers the token values a message carries: its Authorization and the `access_token` members of its body. */
export function rememberTokens(authorization: string | undefined, body: unknown): void {
  for (const value of gnapTokensIn(authorization ?? '')) remember(value)
  for (const value of accessTokensIn(body)) remember(value)
}

/** The values of every `GNAP <token>` in a text (an Authorization header, a recorded request). */
export function gnapTokensIn(text: string): string[] {
  return [...text.matchAll(GNAP_AUTHORIZATION)].map(([, value]) => value!)
}

/** The values of the `access_token` members anywhere in a parsed JSON body (a grant, a continuation). */
export function accessTokensIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(accessTokensIn)
  if (typeof node !== 'object' || node === null) return []
  return Object.entries(node).flatMap(([key, value]) => [
    ...(key === 'access_token'
      ? [value]
          .flat()
          .map((token) => (token as { value?: unknown } | undefined)?.value)
          .filter((tokenValue): tokenValue is string => typeof tokenValue === 'string')
      : []),
    ...accessTokensIn(value),
  ])
}

/**
 * The run's list of the token values its workers saw, in its private temporary folder (removed when the run
 * ends), for the main process to redact Playwright's traces with (trace-redaction-reporter.ts).
 */
export function runTokenList(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = env[GRANT_STORE_ENV]
  return dir ? join(dir, 'tokens.txt') : undefined
}

/** The text with every token value seen so far, and every `GNAP <value>`, replaced by its fingerprint. */
export function redactTokens(text: string): string {
  return replaceTokens(
    text.replace(GNAP_AUTHORIZATION, (_, value: string) => `GNAP ${tokenFingerprint(value)}`),
    seen,
    tokenFingerprint,
  )
}

/** The text with each of `values` long enough to be a token replaced by what `shown` makes of it. */
export function replaceTokens(
  text: string,
  values: Iterable<string>,
  shown: (value: string) => string,
): string {
  let out = text
  for (const value of values)
    if (value.length >= MIN_TOKEN_LENGTH && out.includes(value)) out = out.replaceAll(value, shown(value))
  return out
}

function remember(value: string): void {
  if (value.startsWith('«token') || seen.has(value)) return
  seen.add(value)
  for (const log of [process.env[TOKEN_LOG_ENV], runTokenList()])
    if (log) appendFileSync(log, `${value}\n`, { mode: 0o600 })
}
