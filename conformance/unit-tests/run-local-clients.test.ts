import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { GRANT_STORE_ENV, LOCAL_CLIENTS_ENV } from '../../settings/run-settings.ts'
import { openRunLocalClients, runLocalClient } from '../harness/client-identity/run-local-clients.ts'
import type { TargetFile } from '../harness/target/target-file.ts'

const target = {
  name: 't',
  walletAddresses: { sender: 'http://x/alice', receiver: 'http://x/bob' },
  client: { serveLocally: true },
} as TargetFile

test('every process of a run is the same two local clients, served for the whole run', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'local-clients-'))
  try {
    const env: NodeJS.ProcessEnv = { [GRANT_STORE_ENV]: dir }
    await openRunLocalClients(target, env)
    const file = env[LOCAL_CLIENTS_ENV]!
    // The keys are the run's secret: readable by this user only, in the run's private folder.
    assert.equal(statSync(file).mode & 0o777, 0o600)
    const [first, again, second] = [
      runLocalClient('client', env),
      runLocalClient('client', env),
      runLocalClient('secondClient', env),
    ]
    assert.equal(first?.walletAddress, again?.walletAddress)
    assert.deepEqual(first?.key.publicJwk, again?.key.publicJwk)
    assert.notEqual(first?.walletAddress, second?.walletAddress)
    const jwks = (await (await fetch(`${first!.walletAddress}/jwks.json`)).json()) as { keys: unknown[] }
    assert.deepEqual(jwks.keys, [first!.key.publicJwk])
    // Opened once: a worker loading the configuration again finds the clients in its environment.
    await openRunLocalClients(target, env)
    assert.equal(env[LOCAL_CLIENTS_ENV], file)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('outside a run, and for a registered client, there is none', async () => {
  assert.equal(runLocalClient('client', {}), undefined)
  const env: NodeJS.ProcessEnv = { [GRANT_STORE_ENV]: '/nonexistent' }
  await openRunLocalClients(
    { ...target, client: { walletAddress: 'http://c', keyId: 'k', privateKey: 'p' } },
    env,
  )
  assert.equal(env[LOCAL_CLIENTS_ENV], undefined)
})
