import type { TargetFile } from './target-file.ts'

/** Where the suite starts the reference server when no target file is given. */
export interface ReferenceServerPlan {
  publicUrl: string
  authUrl: string
  env: Record<string, string>
}

export function referenceServerPlan(env: NodeJS.ProcessEnv): ReferenceServerPlan {
  const host = '127.0.0.1'
  const port = Number(env.REFERENCE_PORT ?? 3400)
  const authPort = port + 1
  const publicUrl = `http://${host}:${port}`
  const authUrl = `http://${host}:${authPort}`
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
      LOG_LEVEL: env.REFERENCE_LOG_LEVEL ?? 'warn',
    },
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
    capabilities: { tokenExpiryWaitable: false },
  }
}
