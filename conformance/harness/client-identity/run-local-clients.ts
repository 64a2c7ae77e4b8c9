import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { exportPrivateKeyPem, loadClientKey } from '../../../clients/src/index.ts'
import { GRANT_STORE_ENV, LOCAL_CLIENTS_ENV } from '../../../settings/run-settings.ts'
import type { TargetFile } from '../target/target-file.ts'
import type { ClientIdentity } from './client-identity.ts'
import { startLocalClientWallet } from './local-client-wallet.ts'

type Role = 'client' | 'secondClient'
type Stored = { walletAddress: string; keyId: string; privateKey: string }

/**
 * In a run's main process (playwright.config.ts): serves the locally served clients of a `serveLocally` target
 * for the whole run, and leaves their keys in the run's private folder. Every worker then signs as the same
 * client, so the grants one worker obtained (a consent among them, run-grant-store.ts) are good for every worker
 * that replaces it after a failure; with a client of its own per worker, each new worker asked for them again.
 */
export async function openRunLocalClients(target: TargetFile, env: NodeJS.ProcessEnv = process.env) {
  const dir = env[GRANT_STORE_ENV]
  if (env[LOCAL_CLIENTS_ENV] || !dir || !('serveLocally' in target.client)) return
  const stored: Partial<Record<Role, Stored>> = {}
  const roles: Role[] = target.secondClient ? ['client'] : ['client', 'secondClient']
  for (const role of roles) {
    const { identity } = await startLocalClientWallet(target.client.host, undefined, { holdsProcess: false })
    const { walletAddress, key } = identity
    stored[role] = { walletAddress, keyId: key.keyId, privateKey: exportPrivateKeyPem(key) }
  }
  const file = join(dir, 'local-clients.json')
  writeFileSync(file, JSON.stringify(stored), { mode: 0o600 })
  env[LOCAL_CLIENTS_ENV] = file
}

/** The run's locally served client in that role, in any process of the run; undefined outside a run. */
export function runLocalClient(role: Role, env: NodeJS.ProcessEnv = process.env): ClientIdentity | undefined {
  const file = env[LOCAL_CLIENTS_ENV]
  if (!file) return undefined
  const stored = (JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<Role, Stored>>)[role]
  if (!stored) return undefined
  const key = loadClientKey({ keyId: stored.keyId, privateKey: stored.privateKey })
  return { walletAddress: stored.walletAddress, key }
}
