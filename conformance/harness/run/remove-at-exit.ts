import { rmSync } from 'node:fs'

/**
 * Temporary folders a run made for itself (the shared grants, which hold tokens; its private target file; the CLI's
 * start signal), removed when the process ends: at a normal exit, and on SIGTERM or SIGHUP (a CI job cancelled, a
 * terminal closed), which end a Node process without its 'exit' event. Playwright's main process handles SIGINT
 * itself and then exits normally, so the 'exit' event covers Ctrl-C.
 */
const folders = new Set<string>()
const ENDING_SIGNALS = ['SIGTERM', 'SIGHUP'] as const

export function removeAtExit(folder: string): void {
  if (folders.size === 0) install()
  folders.add(folder)
}

function install(): void {
  process.on('exit', removeAll)
  for (const signal of ENDING_SIGNALS)
    process.once(signal, () => {
      removeAll()
      // Nobody else listens: end as the signal would have without this listener.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
    })
}

function removeAll(): void {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  folders.clear()
}
