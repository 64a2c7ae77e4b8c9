import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

/** The reference server in its own process, so its CPU time and memory are its own. */
export interface ServerUnderTest {
  url: string
  authUrl: string
  /** Server CPU time (user + system) so far, in milliseconds, from /proc. */
  cpuMs(): number
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
  return {
    url,
    authUrl: `http://127.0.0.1:${options.port + 1}`,
    cpuMs: () => {
      // Fields 14 and 15 of /proc/<pid>/stat, counted after the parenthesised command name.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS
    },
    rssMb: () => {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
      return Number(kb) / 1024
    },
    stop: async () => {
      child.kill('SIGTERM')
      await exited
    },
  }
}
