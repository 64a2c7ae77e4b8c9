import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GRANT_STORE_ENV } from '../../../settings/run-settings.ts'
import type { ClientIdentity } from '../client-identity/client-identity.ts'
import { rememberTokens } from '../http/redact-tokens.ts'
import { removeAtExit } from '../run/remove-at-exit.ts'
import type { IssuedGrant } from './grant-types.ts'

/**
 * Where the grants the tests share outlive the worker that obtained them. Playwright replaces a worker after
 * every failed test, and against a target with many deviations that is most of a run's workers: without this,
 * each new worker asked again for every shared grant, and an outgoing-payment grant costs a consent in a browser.
 * The grants stay for the run only, in a private temporary folder (never the report folder: they hold tokens).
 */
export interface GrantStore {
  read(key: string): IssuedGrant | undefined
  write(key: string, issued: IssuedGrant): void
}

/**
 * The run's folder for shared grants, made by the main process (playwright.config.ts) and removed when it exits;
 * workers find it in the environment. True in the process that made it (the run's main process).
 */
export function openRunGrantStore(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env[GRANT_STORE_ENV]) return false
  const dir = mkdtempSync(join(tmpdir(), 'op-conformance-grants-'))
  env[GRANT_STORE_ENV] = dir
  removeAtExit(dir)
  return true
}

/**
 * The run's store for one set of shared grants of one client: `scope` names the set (a worker holds several for
 * the same client), the client's key is part of the name, since a token is bound to the key that asked for it.
 */
export function runGrantStore(
  scope: string,
  client: ClientIdentity,
  env: NodeJS.ProcessEnv = process.env,
): GrantStore | undefined {
  const dir = env[GRANT_STORE_ENV]
  if (!dir) return undefined
  const owner = [scope, client.walletAddress, client.key.keyId, client.key.publicJwk.x].join('\n')
  const file = (key: string) =>
    join(dir, `${createHash('sha256').update(`${owner}\n${key}`).digest('hex').slice(0, 32)}.json`)
  return {
    read(key) {
      let issued: IssuedGrant
      try {
        issued = JSON.parse(readFileSync(file(key), 'utf8')) as IssuedGrant
      } catch {
        return undefined
      }
      // This worker never saw the grant response: its tokens must still be redacted from its reports.
      rememberTokens(undefined, issued.grant)
      return issued
    },
    write(key, issued) {
      // Written whole, then renamed: a worker reading at the same time finds the old grant or the new one.
      const path = file(key)
      const partial = `${path}.${process.pid}`
      try {
        writeFileSync(partial, JSON.stringify(issued), { mode: 0o600 })
        renameSync(partial, path)
      } catch {
        // The store only saves asking again: a grant it cannot keep is asked for again by the next worker.
      }
    },
  }
}
