import { spawn } from 'node:child_process'
import { referenceServerPlan, writeReferenceTarget } from '../reference-plan.ts'
import { claimReferencePorts } from '../reference-ports.ts'
import { stopReference, waitForReference } from '../reference-process.ts'
import { startDelayingProxy } from './delaying-proxy.ts'

export interface LatentReference {
  /** The target file: the reference server's, with both its servers behind the delaying proxies. */
  target: string
  close(): Promise<void>
}

const ROOT = new URL('../..', import.meta.url).pathname

/**
 * The reference server as `op-conformance run` starts it (the same plan: lifetimes, ledger), its public URLs on two
 * delaying proxies in front of it, so every URL it hands out leads through them: each answer `delayMs` late, as
 * from a server far away. Ports: the proxies on the first two of four free ones, the server on the next two.
 */
export async function startReferenceBehindLatency(dir: string, delayMs: number): Promise<LatentReference> {
  const port = await claimReferencePorts({}, 4)
  const plan = referenceServerPlan({ ...process.env, REFERENCE_PORT: String(port + 2) })
  const publicUrl = `http://127.0.0.1:${port}`
  const authUrl = `http://127.0.0.1:${port + 1}`
  const server = spawn(process.execPath, ['--import', 'tsx', 'reference-server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...plan.env, PUBLIC_URL: publicUrl, AUTH_PUBLIC_URL: authUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const closers = [() => stopReference(server)]
  const close = async () => {
    for (const closer of closers.reverse()) await closer()
  }
  try {
    await waitForReference(`${plan.publicUrl}/healthz`, server)
    for (const [proxyPort, upstream] of [
      [port, plan.publicUrl],
      [port + 1, plan.authUrl],
    ] as const) {
      const proxy = await startDelayingProxy({ port: proxyPort, upstream, delayMs })
      closers.push(proxy.close)
    }
    return { target: writeReferenceTarget({ ...plan, publicUrl, authUrl }, dir), close }
  } catch (error) {
    await close()
    throw error
  }
}
