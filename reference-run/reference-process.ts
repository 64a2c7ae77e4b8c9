import type { ChildProcess } from 'node:child_process'
import { machineFactor } from '../conformance/harness/time/machine-load.ts'

/**
 * How long the reference server may take to answer its health check on a quiet machine. The first start after
 * `npm ci` also builds the embedded database cluster, and CI starts it beside three other runs: there a fixed
 * minute was too little (the emitted Artillery bundle's test broke on it), so the time is stretched by the
 * machine's load like the suite's other limits (machine-load.ts). A server that exits is seen at once anyway.
 */
export const REFERENCE_STARTUP_MS = 120_000

/** REFERENCE_STARTUP_MS on this machine now: read again while the server starts, since the load can rise. */
export function referenceStartupMs(): number {
  return REFERENCE_STARTUP_MS * machineFactor()
}

/**
 * Resolves once `url` answers 2xx. Rejects as soon as the server exits (with the end of its standard error, when
 * `stderr` gives it), or when it has not answered within referenceStartupMs.
 */
export async function waitForReference(
  url: string,
  server: ChildProcess,
  stderr: () => string = () => '',
): Promise<void> {
  const started = Date.now()
  while (Date.now() - started < referenceStartupMs()) {
    if (server.exitCode !== null || server.signalCode !== null) {
      const said = stderr().trim()
      throw new Error(
        `the reference server exited (${server.exitCode ?? server.signalCode}) at start${said ? `: ${said}` : ''}`,
      )
    }
    if (await answers(url)) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const seconds = Math.round((Date.now() - started) / 1000)
  throw new Error(
    `the reference server did not answer ${url} within ${seconds} s (${REFERENCE_STARTUP_MS / 1000} s on a quiet machine, stretched by its load)`,
  )
}

/** Ends the server with SIGTERM and resolves once it has exited. */
export function stopReference(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    server.once('exit', () => resolve())
    server.kill('SIGTERM')
  })
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok
  } catch {
    return false
  }
}
