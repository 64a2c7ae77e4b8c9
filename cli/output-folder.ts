import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { UsageError } from './run-options.ts'

/** Held by the run writing a folder, with its process id: a second run can tell whether it is still running. */
export const LOCK_FILE = '.op-conformance.lock'

export interface ClaimedFolder {
  dir: string
  /** When the default folder was busy: the run holding it, and the line that says where this run writes instead. */
  moved?: string
}

/**
 * Two runs must not share an output folder: each clears it first, and the reports would mix. A run holds the folder
 * it writes (a lock file with its pid, removed when it exits; a lock whose process is gone is taken over). When the
 * default folder is held, the run writes to the first free `DIR-2`, `DIR-3`...: two runs on default settings both
 * end with their verdicts and say where. A folder the user named (`setting`: --output, REPORT_DIR) that another
 * run holds stops the run, naming the setting: writing elsewhere would hide the reports where they are expected.
 */
export function claimOutputFolder(dir: string, setting?: string): ClaimedFolder {
  const holder = lock(dir)
  if (holder === undefined) return { dir }
  if (setting)
    throw new UsageError(
      `${setting} ${dir} is in use by another run (pid ${holder}): wait for it to end, or choose another ${setting}`,
    )
  for (let n = 2; ; n++) {
    const candidate = `${dir}-${n}`
    if (lock(candidate) !== undefined) continue
    const shown = (path: string) => relative(process.cwd(), path) || '.'
    return {
      dir: candidate,
      moved: `${shown(dir)} is in use by another run (pid ${holder}): this run writes to ${shown(candidate)}`,
    }
  }
}

/** Takes the folder's lock and returns undefined, or returns the pid of the live process that holds it. */
function lock(dir: string): number | undefined {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, LOCK_FILE)
  // Written aside and linked into place, which fails if the lock exists: a lock is never seen without its pid.
  const mine = `${file}.${process.pid}`
  writeFileSync(mine, String(process.pid))
  try {
    for (;;) {
      try {
        linkSync(mine, file)
        process.once('exit', () => rmSync(file, { force: true }))
        return undefined
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const holder = holderOf(file)
      if (holder !== undefined && alive(holder)) return holder
      // Left by a run that was killed (or just released): its folder is free.
      rmSync(file, { force: true })
    }
  } finally {
    rmSync(mine, { force: true })
  }
}

function holderOf(file: string): number | undefined {
  try {
    return Number(readFileSync(file, 'utf8')) || undefined
  } catch {
    return undefined
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
