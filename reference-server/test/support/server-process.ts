import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fixture, repoRoot } from './helpers.ts'

/** The reference server as its own process (`main.ts`), to kill it, signal it or run two side by side. */
export interface ServerProcess {
  child: ChildProcess
  /** Where the resource server listens. */
  url: string
  /** Every JSON log line so far. */
  logs: Record<string, unknown>[]
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>
}

/** Starts `main.ts` with the fixture seed on `env`'s database, debug logs on stdout, and waits until it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference-server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      AUTH_PORT: '0',
      LOG_LEVEL: 'debug',
      SEED_FILE: fixture('seed.json'),
      PAYMENT_POLL_INTERVAL_MS: '20',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string)
  const logs: Record<string, unknown>[] = []
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const listening = new Promise<string>((resolve) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as Record<string, unknown>
      logs.push(entry)
      if (typeof entry.url === 'string' && String(entry.msg).includes('listening')) resolve(entry.url)
    })
  })
  const url = await Promise.race([
    listening,
    exited.then((code) => {
      throw new Error(`the server exited (${code}) before listening: ${stderr}`)
    }),
  ])
  return { child, url, logs, exited }
}

/** Ids of the payments this process logged as settled or failed. */
export function settledBy(server: ServerProcess): string[] {
  return server.logs
    .filter((entry) => entry.component === 'payment-engine' && typeof entry.paymentId === 'string')
    .map((entry) => entry.paymentId as string)
}
