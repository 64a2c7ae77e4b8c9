import { TargetConfigurationError } from './target-configuration-error.ts'
import type { TargetFile } from './target-file.ts'

/** Where the suite starts the reference server when no target file is given. */
export interface ReferenceServerPlan {
  publicUrl: string
  authUrl: string
  env: Record<string, string>
  /** REFERENCE_CONSENT_DRIVER: CI pins each run to one driver so neither falls back unnoticed. */
  consentDriver?: 'browser' | 'http'
}

/** Short enough that the suite can wait for an expiry, long enough for any one test (timeout 60 s). */
const REFERENCE_TOKEN_LIFETIME_SECONDS = 90

export function referenceServerPlan(env: NodeJS.ProcessEnv): ReferenceServerPlan {
  const host = '127.0.0.1'
  const port = Number(env.REFERENCE_PORT ?? 3400)
  const authPort = port + 1
  const publicUrl = `http://${host}:${port}`
  const authUrl = `http://${host}:${authPort}`
  const consentDriver = env.REFERENCE_CONSENT_DRIVER || undefined
  if (consentDriver !== undefined && consentDriver !== 'browser' && consentDriver !== 'http') {
    throw new TargetConfigurationError(
      `REFERENCE_CONSENT_DRIVER must be "browser" or "http" (got ${JSON.stringify(consentDriver)})`,
    )
  }
  return {
    publicUrl,
    authUrl,
    env: {
      HOST: host,
      PORT: String(port),
      AUTH_PORT: String(authPort),
      // A shared Postgres keeps rows between runs; every suite run starts from the seed.
      DATABASE_RESET: 'true',
      GRANT_WAIT_SECONDS: '1',
      // Short enough for the suite to wait for a quote to expire (OP-QUOTE-EXPIRY), long enough for any test
      // to pay a quote it has just made.
      QUOTE_LIFETIME_SECONDS: '25',
      ACCESS_TOKEN_EXPIRES_IN: String(REFERENCE_TOKEN_LIFETIME_SECONDS),
      // Read by the reference-ledger project once the suite has run.
      LEDGER_ENDPOINT: 'true',
      LOG_LEVEL: env.REFERENCE_LOG_LEVEL ?? 'warn',
    },
    consentDriver,
  }
}

/** The target the suite uses for the reference server: the default seed's wallet addresses. */
export function referenceTarget(plan: ReferenceServerPlan): TargetFile {
  return {
    name: 'reference-server (started by the suite)',
    walletAddresses: {
      sender: `${plan.publicUrl}/alice`,
      receiver: `${plan.publicUrl}/bob`,
      otherAsset: `${plan.publicUrl}/carol`,
    },
    client: { serveLocally: true },
    consent: plan.consentDriver ? { driver: plan.consentDriver } : undefined,
    capabilities: { tokenExpiryWaitable: true },
  }
}
