import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'

/**
 * Set in the environment of every adapter run, with a value of its own: a process the adapter starts inherits it,
 * also one that left the adapter's process group (`setsid`), which the group's kill does not reach.
 */
export const ADAPTER_RUN_VARIABLE = 'OP_CONFORMANCE_ADAPTER_RUN'

/** The environment one adapter run starts with, and the mark its processes carry. */
export function adapterEnvironment(): { env: NodeJS.ProcessEnv; mark: string } {
  const id = randomUUID()
  return { env: { ...process.env, [ADAPTER_RUN_VARIABLE]: id }, mark: `${ADAPTER_RUN_VARIABLE}=${id}` }
}

/**
 * Stops everything one adapter run started: its process group (the shell, the adapter, what they started), then
 * any process still carrying its mark (one that made a session of its own). Nothing of it may outlive its scenario:
 * a process holding the adapter's standard output would keep the suite's pipe, and the suite, alive.
 */
export function stopAdapterProcesses(groupLeader: number | undefined, mark: string): void {
  if (groupLeader !== undefined) kill(-groupLeader)
  for (const pid of markedProcesses(mark)) kill(pid)
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}

/**
 * The processes whose environment holds `mark`, read from /proc. Where there is no /proc (macOS) the group's kill is
 * all there is; a process that is not ours cannot be read and is not one of the adapter's.
 */
function markedProcesses(mark: string): number[] {
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return []
  }
  return entries.flatMap((entry) => {
    const pid = Number(entry)
    if (!Number.isInteger(pid) || pid === process.pid) return []
    try {
      return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(mark) ? [pid] : []
    } catch {
      return []
    }
  })
}
