import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { isVerdictProject } from '../../reports/src/verdict-projects.ts'
import type { Edit } from './mutant.ts'
import { runSuite, type SuiteRun } from './suite-run.ts'

/**
 * What the mutant and variant runners share: a temporary copy of the committed tree with some edits applied,
 * a suite run in it, and how to read what came back. Nothing is written to the repository.
 */

export const repo = resolve(import.meta.dirname, '../..')
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' })
export const commit = git('rev-parse', 'HEAD').trim()
export const basePort = Number(process.env.REFERENCE_PORT || 3470)
/**
 * The port pair of the run at `index` (its server takes the port and the next one). The runs follow each other,
 * so a few slots cycled are enough: a catalogue of seventy mutants stays inside 34 ports of REFERENCE_PORT
 * instead of spreading over the ranges other runs on the machine use.
 */
export function portOfRun(index: number): number {
  return basePort + 2 * (1 + (index % 16))
}
// One worker per run: the machine may be running other suites, and starved workers would make the
// timing-sensitive checks (intervals, expiry) flaky rather than the run's verdict right.
export const WORKERS = 1

/** Whether the work tree has changes a run (which copies HEAD) leaves out. */
export function uncommittedChanges(): boolean {
  return git('status', '--porcelain').trim() !== ''
}

/** The file as committed, or undefined when HEAD has no such file. */
export function committed(path: string): string | undefined {
  const shown = spawnSync('git', ['show', `${commit}:${path}`], { cwd: repo, encoding: 'utf8' })
  return shown.status === 0 ? shown.stdout : undefined
}

let workDir: string | undefined

/** A temporary copy of the committed tree, sharing the repository's node_modules. */
function checkout(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${label}-`))
  workDir = dir
  const archive = execFileSync('git', ['archive', commit], { cwd: repo, maxBuffer: 1 << 30 })
  execFileSync('tar', ['-x', '-C', dir], { input: archive })
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'))
  return dir
}

function removeWorkDir(): void {
  if (workDir !== undefined) rmSync(workDir, { recursive: true, force: true })
  workDir = undefined
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    removeWorkDir()
    process.exit(130)
  })
}

/**
 * Runs `specs` on a copy of the committed tree with `edits` applied, at `port` and the next one (`env` adds to
 * the run's environment: another target, for one). `foundations: false` leaves the first stage out, so that no
 * foundation step that fails stops the specs' own checks; `workers`, WORKERS unless said; `grep` runs only the tests
 * whose title matches. The copy is removed afterwards, whatever happened.
 */
export async function runEditedTree(
  label: string,
  edits: readonly Edit[],
  specs: readonly string[],
  port: number,
  {
    env = {},
    foundations = true,
    workers = WORKERS,
    grep,
  }: { env?: Record<string, string>; foundations?: boolean; workers?: number; grep?: string } = {},
): Promise<SuiteRun | Error> {
  const dir = checkout(label)
  try {
    for (const { file, find, replace } of edits) {
      const path = join(dir, file)
      // A function, so `$&` and the like in the replacement are not read as patterns.
      writeFileSync(
        path,
        readFileSync(path, 'utf8').replace(find, () => replace),
      )
    }
    return await runSuite({
      cwd: dir,
      specs: [...specs],
      reportDir: join(dir, 'reports/output'),
      workers,
      env: { REFERENCE_PORT: String(port), ...env },
      foundations,
      ...(grep === undefined ? {} : { grep }),
    })
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error))
  } finally {
    removeWorkDir()
  }
}

/** Each test that did not pass, with the first line of its first error. */
export function failingTests(run: SuiteRun): string[] {
  return run.tests
    .filter((t) => t.status !== 'passed' && t.status !== 'skipped')
    .map((t) => `${t.file} › ${t.title}: ${t.errors[0]?.split('\n')[0] ?? t.status ?? 'did not run'}`)
}

/** Why the run cannot be judged, or undefined when it ran: a missing report, a server that did not start. */
export function brokenBecause(run: SuiteRun | Error): string[] | undefined {
  if (run instanceof Error) return [run.message]
  const lastLines = run.stderr.trim().split('\n').slice(-15)
  if (run.errors.length > 0) return [...run.errors, ...lastLines]
  const ran = run.tests.some(
    (t) => isVerdictProject(t.project) && t.status !== undefined && t.status !== 'skipped',
  )
  return ran ? undefined : ['no conformance test ran', ...lastLines]
}

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
