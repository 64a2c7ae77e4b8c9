import { spawn } from 'node:child_process'
import { type ClientKey, exportPrivateKeyPem } from '../clients/src/index.ts'
import { startLocalClientWallet } from '../conformance/harness/client-identity/local-client-wallet.ts'
import { claimReferencePorts, REFERENCE_PORT_ENV } from '../reference-run/reference-ports.ts'
import { stopReference, waitForReference } from '../reference-run/reference-process.ts'
import {
  SIMULATED_ASE_PORTS,
  type SimulatedAsePlan,
  simulatedAsePlan,
} from '../reference-run/simulated-ase-plan.ts'
import { Recorder, type RecordingProxy, startRecordingProxy } from './recording-proxy.ts'

export interface SimulatedAse {
  plan: SimulatedAsePlan
  recorder: Recorder
  client: { walletAddress: string; keyId: string; privateKeyPem: string }
  /** The authorization server's proxy URL: requests there are grant, continuation and token requests. */
  authUrl: string
  close(): Promise<void>
}

/**
 * Starts the reference server as the ASE (its plan: reference-run/simulated-ase-plan.ts, on free ports unless
 * REFERENCE_PORT pins them: two client runs at once each have their own ASE and proxies), its
 * two recording proxies and the client's wallet address (with `key`, the user's own, else a fresh key per run).
 */
export async function startSimulatedAse(
  env: NodeJS.ProcessEnv,
  cwd: string,
  key?: ClientKey,
): Promise<SimulatedAse> {
  const port = await claimReferencePorts(env, SIMULATED_ASE_PORTS)
  const plan = simulatedAsePlan({ ...env, [REFERENCE_PORT_ENV]: String(port) })
  const server = spawn(plan.command[0]!, plan.command.slice(1), {
    cwd,
    env: { ...process.env, ...plan.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr = `${stderr}${chunk}`.slice(-4000)
  })
  // Should the suite's process end without closing (an uncaught error), the server must not outlive it.
  const orphaned = () => server.kill('SIGKILL')
  process.once('exit', orphaned)
  const closers: (() => Promise<void>)[] = [
    () => {
      process.off('exit', orphaned)
      return stopReference(server)
    },
  ]
  const close = async () => {
    for (const closer of closers.reverse()) await closer()
  }
  try {
    await waitForReference(`${plan.resourceUpstream}/healthz`, server, () => stderr)
    const recorder = new Recorder()
    // Each one closed with the rest should a later one fail to start (a port taken meanwhile): none outlives the run.
    const proxy = async (port: number, upstream: string, server: 'resource' | 'auth') => {
      const started = await startRecordingProxy({ port, upstream, server, recorder })
      closers.push(started.close)
      return started
    }
    const proxies: RecordingProxy[] = [
      await proxy(plan.resourceProxyPort, plan.resourceUpstream, 'resource'),
      await proxy(plan.authProxyPort, plan.authUpstream, 'auth'),
    ]
    const wallet = await startLocalClientWallet('127.0.0.1', key)
    closers.push(wallet.close)
    const { identity } = wallet
    return {
      plan,
      recorder,
      authUrl: proxies[1]!.url,
      client: {
        walletAddress: identity.walletAddress,
        keyId: identity.key.keyId,
        privateKeyPem: exportPrivateKeyPem(identity.key),
      },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
