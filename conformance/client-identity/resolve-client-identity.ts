import { readFileSync } from 'node:fs'
import { loadClientKey } from '../../clients/src/index.ts'
import type { TargetFile } from '../target/target-file.ts'
import type { ClientIdentity } from './client-identity.ts'
import { startLocalClientWallet } from './local-client-wallet.ts'

export interface ResolvedClientIdentity {
  identity: ClientIdentity
  close(): Promise<void>
}

export async function resolveClientIdentity(client: TargetFile['client']): Promise<ResolvedClientIdentity> {
  if ('serveLocally' in client) return startLocalClientWallet(client.host)
  const privateKey = client.privateKey ?? readFileSync(client.privateKeyFile!, 'utf8')
  const key = loadClientKey({ keyId: client.keyId, privateKey })
  return { identity: { walletAddress: client.walletAddress, key }, close: async () => {} }
}
