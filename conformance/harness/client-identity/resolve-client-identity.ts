import { readFileSync } from 'node:fs'
import { loadClientKey } from '../../../clients/src/index.ts'
import type { RegisteredClient, TargetFile } from '../target/target-file.ts'
import type { ClientIdentity } from './client-identity.ts'
import { startLocalClientWallet } from './local-client-wallet.ts'

export interface ResolvedClientIdentity {
  identity: ClientIdentity
  close(): Promise<void>
}

export async function resolveClientIdentity(client: TargetFile['client']): Promise<ResolvedClientIdentity> {
  if ('serveLocally' in client) return startLocalClientWallet(client.host)
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
  if ('serveLocally' in target.client) return startLocalClientWallet(target.client.host)
  return undefined
}

function registeredClient(client: RegisteredClient): ResolvedClientIdentity {
  const privateKey = client.privateKey ?? readFileSync(client.privateKeyFile!, 'utf8')
  const key = loadClientKey({ keyId: client.keyId, privateKey })
  return { identity: { walletAddress: client.walletAddress, key }, close: async () => {} }
}
