import { readFileSync } from 'node:fs'
import { loadClientKey } from '../../../clients/src/index.ts'
import type { RegisteredClient, TargetFile } from '../target/target-file.ts'
import type { ClientIdentity } from './client-identity.ts'
import { startLocalClientWallet } from './local-client-wallet.ts'
import { runLocalClient } from './run-local-clients.ts'

export interface ResolvedClientIdentity {
  identity: ClientIdentity
  close(): Promise<void>
}

/** In a run, a locally served client is the run's own (run-local-clients.ts); outside one, a new one. */
export async function resolveClientIdentity(client: TargetFile['client']): Promise<ResolvedClientIdentity> {
  if ('serveLocally' in client) return servedLocally('client', client.host)
  return registeredClient(client)
}

/**
 * The second client of the checks between two clients: the target's `secondClient`, else, when the suite
 * serves its client locally, a second local wallet with its own key; else none (those checks are skipped).
 */
export async function resolveSecondClientIdentity(
  target: TargetFile,
): Promise<ResolvedClientIdentity | undefined> {
  if (target.secondClient) return registeredClient(target.secondClient)
  if ('serveLocally' in target.client) return servedLocally('secondClient', target.client.host)
  return undefined
}

async function servedLocally(
  role: 'client' | 'secondClient',
  host?: string,
): Promise<ResolvedClientIdentity> {
  const identity = runLocalClient(role)
  return identity ? { identity, close: async () => {} } : startLocalClientWallet(host)
}

function registeredClient(client: RegisteredClient): ResolvedClientIdentity {
  const privateKey = client.privateKey ?? readFileSync(client.privateKeyFile!, 'utf8')
  const key = loadClientKey({ keyId: client.keyId, privateKey })
  return { identity: { walletAddress: client.walletAddress, key }, close: async () => {} }
}
