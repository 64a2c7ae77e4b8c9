import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { removeAtExit } from '../conformance/harness/run/remove-at-exit.ts'
import { PROGRESS_STARTED_ENV, USER_DIR_ENV } from '../settings/run-settings.ts'
import { PLAYWRIGHT_CLI } from '../settings/suite-modules.ts'
import { exitOf, startChild } from './child-processes.ts'

/**
 * The console stays silent at most 10 s: a line after 9, since a timer fires late on a busy machine (by up to a
 * second at load 20).
 */
const SILENCE_MS = 9_000

/**
 * Runs `playwright ARGS` on this terminal and returns its exit status. Playwright and the suite's configuration
 * take seconds to load (tens on a busy machine) before any reporter can print: until the progress reporter says
 * it has started, a line every 10 s says that Playwright is still loading.
 */
export async function runPlaywright(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  const signalDir = mkdtempSync(join(tmpdir(), 'op-conformance-started-'))
  removeAtExit(signalDir)
  const started = join(signalDir, 'started')
  const since = Date.now()
  let lastLine = since
  const timer = setInterval(() => {
    if (existsSync(started)) return clearInterval(timer)
    if (Date.now() - lastLine < SILENCE_MS) return
    lastLine = Date.now()
    console.log(
      `  … loading Playwright and the suite's configuration (${Math.round((lastLine - since) / 1000)} s)`,
    )
  }, 1000)
  try {
    // Graceful: on SIGINT or SIGTERM it stops its workers and writes the reports of what ran (child-processes.ts).
    const child = startChild(
      process.execPath,
      [PLAYWRIGHT_CLI, ...args],
      {
        stdio: 'inherit',
        env: { ...env, [PROGRESS_STARTED_ENV]: started, [USER_DIR_ENV]: process.cwd() },
        cwd,
      },
      true,
    )
    return await exitOf(child)
  } finally {
    clearInterval(timer)
    rmSync(signalDir, { recursive: true, force: true })
  }
}
