import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'

/** The reference server in its own process, so its CPU time and memory are its own. */
export interface ServerUnderTest {
  url: string
  authUrl: string
  /** Server CPU time (user + system) so far, in milliseconds, from /proc. */
  cpuMs(): number
  /**
   * CPU time of the Postgres backends serving the server so far, in milliseconds (0 on the embedded database,
   * whose work is the server process's own). A backend that ends between two reads loses its last stretch.
   */
  databaseCpuMs(): Promise<number>
  /** Resident set size now, in megabytes. */
  rssMb(): number
  stop(): Promise<void>
}

const CLOCK_TICK_MS = 10 // USER_HZ is 100 on Linux

export async function startServerUnderTest(options: {
  repoRoot: string
  port: number
  databaseUrl: string | undefined
  /** Directory for a --cpu-prof profile of the server, written when it stops. */
  cpuProfileDir: string | undefined
}): Promise<ServerUnderTest> {
  const args = ['--import', 'tsx']
  if (options.cpuProfileDir !== undefined) args.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`)
  const child: ChildProcess = spawn(process.execPath, [...args, 'reference-server/src/main.ts'], {
    cwd: options.repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      AUTH_PORT: String(options.port + 1),
      LOG_LEVEL: 'warn',
      DATABASE_URL: options.databaseUrl ?? '',
      DATABASE_RESET: options.databaseUrl === undefined ? '' : 'true',
      // The flow continues its grant at once, and the bench ends with the ledger check.
      GRANT_WAIT_SECONDS: '0',
      LEDGER_ENDPOINT: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${options.port}`
  const exited = once(child, 'exit')
  for (let waited = 0; ; waited += 100) {
    const up = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
    if (up) break
    if (child.exitCode !== null || waited > 120_000) throw new Error('the reference server did not start')
    await sleep(100)
  }
  const pid = child.pid ?? 0
  const backends = options.databaseUrl === undefined ? undefined : await backendCpu(options.databaseUrl)
  return {
    url,
    authUrl: `http://127.0.0.1:${options.port + 1}`,
    cpuMs: () => processCpuMs(pid) ?? 0,
    databaseCpuMs: async () => (backends === undefined ? 0 : await backends.cpuMs()),
    rssMb: () => {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
      return Number(kb) / 1024
    },
    stop: async () => {
      await backends?.close()
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** User + system CPU time of a process, in milliseconds; undefined once it has ended. */
function processCpuMs(pid: number): number | undefined {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, counted after the parenthesised command name.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS
  } catch {
    return undefined
  }
}

/** The Postgres backends of the database (this watcher's own excluded), their CPU summed over every one seen. */
async function backendCpu(databaseUrl: string) {
  const watcher = new pg.Client({ connectionString: databaseUrl })
  await watcher.connect()
  const lastSeen = new Map<number, number>()
  return {
    cpuMs: async () => {
      const { rows } = await watcher.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
      for (const { pid } of rows) {
        const cpu = processCpuMs(pid)
        if (cpu !== undefined) lastSeen.set(pid, cpu)
      }
      return [...lastSeen.values()].reduce((sum, cpu) => sum + cpu, 0)
    },
    close: () => watcher.end(),
  }
}
