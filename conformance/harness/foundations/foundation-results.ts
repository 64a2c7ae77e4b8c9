import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { NO_STOP_ENV, REPORT_PATHS } from '../../../settings/run-settings.ts'
import type { FoundationResult, FoundationStep } from './foundation-steps.ts'

/**
 * The foundation steps' results, in the run's output folder: written by the first stage's one worker, one step
 * after the other, and read by every worker of the rest of the run. Without the file (a run without the first
 * stage) nothing is known, and nothing is stopped.
 */
export function readFoundationResults(file = REPORT_PATHS.foundations): FoundationResult[] {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as FoundationResult[]
  } catch {
    return []
  }
}

export function writeFoundationResult(result: FoundationResult, file = REPORT_PATHS.foundations): void {
  const results = [...readFoundationResults(file).filter((r) => r.step !== result.step), result]
  // Written whole, then renamed: a worker reading at the same time finds the old results or the new ones.
  const partial = `${file}.${process.pid}`
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(partial, `${JSON.stringify(results, null, 2)}\n`)
  renameSync(partial, file)
}

/** An earlier run's results must not stop this one: removed by the run's main process before any worker starts. */
export function clearFoundationResults(file = REPORT_PATHS.foundations): void {
  rmSync(file, { force: true })
}

/**
 * Why a test that needs `step` must not run: the step failed, or was not reached, in this run's first stage.
 * Undefined when it held, is not known, or the run was asked not to stop (`--no-stop`).
 */
export function foundationStop(
  step: FoundationStep,
  results: readonly FoundationResult[] = readFoundationResults(),
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (env[NO_STOP_ENV]) return undefined
  const result = results.find((r) => r.step === step)
  return result?.outcome === 'fails' || result?.outcome === 'not reached' ? result.reason : undefined
}
