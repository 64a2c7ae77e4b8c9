import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { basename, join, relative } from 'node:path'
import { planFile } from '../conformance/harness/foundations/foundation-plan.ts'
import type { ReportPaths } from '../settings/run-settings.ts'
import { RUN_MANNER_FILE } from './run-manner.ts'
import { UsageError } from './run-options.ts'

/** Held by the run writing a folder, with its process id: a second run can tell whether it is still running. */
export const LOCK_FILE = '.op-conformance.lock'

export interface ClaimedFolder {
  dir: string
  /** When the default folder was busy: the run holding it, and the line that says where this run writes instead. */
  moved?: string
}

/**
 * Two runs must not share an output folder: each moves the reports it finds aside, and the reports would mix. A run
 * holds the folder it writes (a lock file with its pid, removed when it exits; a lock whose process is gone is taken
 * over). When the default folder is held, the run writes to the first free `DIR-2`, `DIR-3`...: two runs on
 * default settings both end with their verdicts and say where. A folder the user named (`setting`: --output,
 * REPORT_DIR) that another run holds stops the run, naming the setting: writing elsewhere would hide the reports
 * where they are expected.
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

/** Where the previous reports of a folder wait while a run starts (see holdPreviousReports). */
export const HELD_DIR = '.previous-reports'

/** What a run writes into its folder: each is the previous run's until this run replaces it. */
function reportEntries(paths: ReportPaths): string[] {
  return [
    paths.html,
    paths.allureResults,
    paths.allureReport,
    paths.verdict,
    paths.testResults,
    paths.blob,
    paths.archive,
    paths.foundations,
    planFile(paths.foundations),
    // Written by a run against the reference server (the evidence archive reads it).
    join(paths.root, 'reference-target.json'),
    // How the run was made, archived for verify.
    join(paths.root, RUN_MANNER_FILE),
  ]
}

export interface HeldReports {
  /** The run could not start (or stopped before its first result): the previous reports go back in place. */
  restore(): void
  /** The run has its own reports: the previous ones go. */
  discard(): void
}

/**
 * A run never loses the reports it found, nor mixes them with its own: they are moved aside into HELD_DIR before
 * it starts (every report path printed is then this run's), put back when it could not start (an unreachable
 * target, a taken port, a filter that matched nothing: the folder is as it was), and removed once the run has a
 * verdict of its own. A process that exits undecided (an error, a second Ctrl-C) puts them back too. Reports held
 * by a run that was killed are put back first, unless that run wrote its verdict.
 */
export function holdPreviousReports(paths: ReportPaths): HeldReports {
  const held = join(paths.root, HELD_DIR)
  const entries = reportEntries(paths)
  if (existsSync(held)) {
    if (existsSync(join(paths.verdict, 'verdict.json'))) rmSync(held, { recursive: true, force: true })
    else putBack(held, entries)
  }
  mkdirSync(held, { recursive: true })
  for (const entry of entries) if (existsSync(entry)) renameSync(entry, join(held, basename(entry)))
  let decided = false
  const restore = () => {
    if (decided) return
    decided = true
    putBack(held, entries)
  }
  process.once('exit', restore)
  return {
    restore,
    discard: () => {
      if (decided) return
      decided = true
      process.removeListener('exit', restore)
      rmSync(held, { recursive: true, force: true })
    },
  }
}

/** This run's partial reports removed, the held ones moved back, the holding folder gone. */
function putBack(held: string, entries: readonly string[]): void {
  // Put back already (by a later hold of the same folder, after a run that was killed).
  if (!existsSync(held)) return
  for (const entry of entries) rmSync(entry, { recursive: true, force: true })
  for (const name of readdirSync(held)) renameSync(join(held, name), join(held, '..', name))
  rmSync(held, { recursive: true, force: true })
}
