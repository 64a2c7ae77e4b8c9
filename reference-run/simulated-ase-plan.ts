import { NODE_LOADER, suiteModule } from '../settings/suite-modules.ts'
import { referenceServerPlan } from './reference-plan.ts'
import { referencePort } from './reference-ports.ts'

/** How to start the server that plays the ASE in client mode, and where it and its proxies listen. */
export interface SimulatedAsePlan {
  /** Started by command, never imported: conformance/ does not depend on the server it tests against. */
  command: string[]
  env: Record<string, string>
  resourceProxyPort: number
  authProxyPort: number
  resourceUpstream: string
  authUpstream: string
  /** Where the suite tells clients to send the user back (nothing listens: the suite reads the redirect). */
  finishUri: string
  /** The seed's wallet addresses, at the resource proxy; `listed` gets the long list. */
  walletAddresses: { sender: string; receiver: string; listed: string }
}

/** Proxies on +0 and +1, the server on +2 and +3, the finish URI on +4. */
export const SIMULATED_ASE_PORTS = 5

/**
 * How `op-conformance client` starts the reference server as the simulated ASE: the reference server's own plan,
 * moved two ports up, with its public URLs on the recording proxies in front of it. Every URL it hands out then
 * leads the client through the proxies. Ports from REFERENCE_PORT (claimReferencePorts with SIMULATED_ASE_PORTS sets
 * it): proxies on +0 (resource server) and +1 (authorization server), the reference server on +2 and +3.
 */
export function simulatedAsePlan(env: NodeJS.ProcessEnv): SimulatedAsePlan {
  const port = referencePort(env, SIMULATED_ASE_PORTS)
  const upstream = referenceServerPlan({ ...env, REFERENCE_PORT: String(port + 2) })
  const publicUrl = `http://127.0.0.1:${port}`
  const authPublicUrl = `http://127.0.0.1:${port + 1}`
  return {
    command: [process.execPath, ...NODE_LOADER, suiteModule('reference-server/src/main.ts')],
    env: {
      ...upstream.env,
      PUBLIC_URL: publicUrl,
      AUTH_PUBLIC_URL: authPublicUrl,
      LEDGER_ENDPOINT: 'false',
      LOG_LEVEL: env.REFERENCE_LOG_LEVEL ?? 'error',
    },
    resourceProxyPort: port,
    authProxyPort: port + 1,
    resourceUpstream: upstream.publicUrl,
    authUpstream: upstream.authUrl,
    finishUri: `http://127.0.0.1:${port + 4}/finish`,
    walletAddresses: {
      sender: `${publicUrl}/alice`,
      receiver: `${publicUrl}/bob`,
      listed: `${publicUrl}/carol`,
    },
  }
}
