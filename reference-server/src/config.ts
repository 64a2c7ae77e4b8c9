import path from 'node:path'
import type { LevelWithSilent } from 'pino'
import { type LateAnswers, parseLateAnswers } from './http/late-answers.ts'
import {
  ALL_SIGNATURE_CHECKS,
  type SignatureChecks,
  signatureChecksWithout,
} from './http-signatures/checks.ts'
import { SIGNED_ROUTES, type SignedRoute } from './http-signatures/unchecked-route.ts'

export interface Config {
  host: string
  port: number
  /** Undefined means "http://HOST:<bound port>", resolved once the server listens (PORT may be 0). */
  publicUrl: string | undefined
  authPort: number
  /** Undefined means "http://HOST:<bound auth port>" (AUTH_PORT may be 0). */
  authPublicUrl: string | undefined
  /** Undefined selects the embedded PGlite database. */
  databaseUrl: string | undefined
  /** Undefined keeps the embedded database in memory. */
  pgliteDataDir: string | undefined
  databaseReset: boolean
  /** Absolute path. */
  seedFile: string
  accessTokenExpiresIn: number
  grantWaitSeconds: number
  interactionExpiresIn: number
  quoteLifetimeSeconds: number
  /** All on, except those SIGNATURE_CHECKS_DISABLED names (a test-only switch). */
  signatureChecks: SignatureChecks
  /** SIGNATURE_UNCHECKED_ROUTE, a test-only switch: the one route whose signatures are not verified. */
  signatureUncheckedRoute: SignedRoute | undefined
  /** ANSWERS_LATE_MS, a test-only switch: how late every answer leaves; undefined, at once. */
  answersLate: LateAnswers | undefined
  /** Absolute path of the exchange rate table; undefined uses the built-in USD/EUR rates. */
  ratesFile: string | undefined
  paymentPollIntervalMs: number
  /** Most outgoing payments the engine settles in one transaction. */
  paymentBatchSize: number
  /** How long a client may take to send a whole request (headers and body); slower connections are closed. */
  requestTimeoutMs: number
  /** How long SIGTERM waits for in-flight requests before closing their connections. */
  shutdownTimeoutMs: number
  /** Serves GET /healthz/ledger, the ledger invariant, for test runs that check no money was made or lost. */
  ledgerEndpoint: boolean
  logLevel: LevelWithSilent
}

/** The URLs the outside world uses to reach this server, after defaults are applied. */
export interface PublicUrls {
  resourceServer: string
  authServer: string
}

export interface ConfigProblem {
  variable: string
  message: string
}

export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.variable} ${p.message}`).join('; ')}`)
    this.name = 'ConfigError'
  }
}

export const DEFAULT_SEED_FILE = 'reference-server/seed/default.json'

const LOG_LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

type Env = Readonly<Record<string, string | undefined>>

/**
 * Reads the configuration from `env` without touching the process, so tests can feed it any environment.
 * Empty variables count as unset, because container tooling often exports them empty.
 * Throws a ConfigError listing every problem, each naming its variable.
 */
export function loadConfig(env: Env, cwd: string = process.cwd()): Config {
  const problems: ConfigProblem[] = []
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim()
    return value === '' ? undefined : value
  }
  const problem = (variable: string, message: string): undefined => {
    problems.push({ variable, message })
  }
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name)
    if (raw === undefined) return fallback
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
    if (Number.isSafeInteger(value) && value >= min && value <= max) return value
    problem(name, `must be an integer from ${min} to ${max} (got "${raw}")`)
    return fallback
  }
  const boolean = (name: string): boolean => {
    const raw = read(name)?.toLowerCase()
    if (raw === undefined || raw === 'false' || raw === '0') return false
    if (raw === 'true' || raw === '1') return true
    problem(name, `must be true or false (got "${env[name]}")`)
    return false
  }
  const httpUrl = (name: string): string | undefined => {
    const raw = read(name)
    if (raw === undefined) return undefined
    const normalized = normalizeHttpUrl(raw)
    return normalized.ok ? normalized.url : problem(name, `${normalized.reason} (got "${raw}")`)
  }

  const host = read('HOST') ?? '127.0.0.1'
  const port = integer('PORT', 3400, 0, 65535)
  const publicUrl = httpUrl('PUBLIC_URL')
  const authPort = integer('AUTH_PORT', 3401, 0, 65535)
  const authPublicUrl = httpUrl('AUTH_PUBLIC_URL')

  const databaseUrl = read('DATABASE_URL')
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problem('DATABASE_URL', 'must be a postgres:// or postgresql:// URL')
  }
  const pgliteDataDir = read('PGLITE_DATA_DIR')
  if (pgliteDataDir !== undefined && databaseUrl !== undefined) {
    problem('PGLITE_DATA_DIR', 'only applies to the embedded database; unset it or DATABASE_URL')
  }

  const databaseReset = boolean('DATABASE_RESET')

  const ratesFile = read('RATES_FILE')

  const disabledChecks = signatureChecksWithout(read('SIGNATURE_CHECKS_DISABLED') ?? '')
  if (!disabledChecks.ok) {
    problem(
      'SIGNATURE_CHECKS_DISABLED',
      `names unknown checks (${disabledChecks.unknown.join(', ')}); known: ${Object.keys(ALL_SIGNATURE_CHECKS).join(', ')}`,
    )
  }

  const uncheckedRoute = read('SIGNATURE_UNCHECKED_ROUTE')
  const signatureUncheckedRoute = SIGNED_ROUTES.find((route) => route === uncheckedRoute)
  if (uncheckedRoute !== undefined && signatureUncheckedRoute === undefined) {
    problem(
      'SIGNATURE_UNCHECKED_ROUTE',
      `must be one of ${SIGNED_ROUTES.join(', ')} (got "${uncheckedRoute}")`,
    )
  }

  const rawLate = read('ANSWERS_LATE_MS')
  const late = rawLate === undefined ? undefined : parseLateAnswers(rawLate)
  if (late !== undefined && 'problem' in late) problem('ANSWERS_LATE_MS', late.problem)

  const rawLevel = read('LOG_LEVEL') ?? 'info'
  const logLevel = LOG_LEVELS.find((level) => level === rawLevel)
  if (logLevel === undefined)
    problem('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')} (got "${rawLevel}")`)

  const config: Config = {
    host,
    port,
    publicUrl,
    authPort,
    authPublicUrl,
    databaseUrl,
    pgliteDataDir: pgliteDataDir === undefined ? undefined : path.resolve(cwd, pgliteDataDir),
    databaseReset,
    seedFile: path.resolve(cwd, read('SEED_FILE') ?? DEFAULT_SEED_FILE),
    accessTokenExpiresIn: integer('ACCESS_TOKEN_EXPIRES_IN', 600, 1, 31_536_000),
    grantWaitSeconds: integer('GRANT_WAIT_SECONDS', 5, 0, 3600),
    interactionExpiresIn: integer('INTERACTION_EXPIRES_IN', 600, 1, 86_400),
    quoteLifetimeSeconds: integer('QUOTE_LIFETIME_SECONDS', 300, 1, 86_400),
    signatureChecks: disabledChecks.ok ? disabledChecks.checks : ALL_SIGNATURE_CHECKS,
    signatureUncheckedRoute,
    answersLate: late === undefined || 'problem' in late ? undefined : late,
    ratesFile: ratesFile === undefined ? undefined : path.resolve(cwd, ratesFile),
    paymentPollIntervalMs: integer('PAYMENT_POLL_INTERVAL_MS', 100, 1, 60_000),
    paymentBatchSize: integer('PAYMENT_BATCH_SIZE', 20, 1, 1000),
    requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', 30_000, 100, 600_000),
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    ledgerEndpoint: boolean('LEDGER_ENDPOINT'),
    logLevel: logLevel ?? 'info',
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return config
}

/** Applies the URL defaults once the ports are known (PORT and AUTH_PORT may be 0). */
export function resolvePublicUrls(
  config: Config,
  boundPort: number,
  boundAuthPort: number = config.authPort,
): PublicUrls {
  return {
    resourceServer: config.publicUrl ?? originOf(config.host, boundPort),
    authServer: config.authPublicUrl ?? originOf(config.host, boundAuthPort),
  }
}

export function originOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}

type NormalizedUrl = { ok: true; url: string } | { ok: false; reason: string }

// Wallet address and resource URLs are built by appending to these, so they carry no trailing slash.
function normalizeHttpUrl(raw: string): NormalizedUrl {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, reason: 'must be an absolute http(s) URL' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: 'must use http or https' }
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'must not contain credentials, a query or a fragment' }
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` }
}
