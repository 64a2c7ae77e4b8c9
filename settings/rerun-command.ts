import { relative } from 'node:path'
import { BASELINE_ENV, REFERENCE_RUN_ENV, TARGET_ENV, userDir } from './run-settings.ts'

/**
 * The options that point a command run again at this run's target and baseline, quoted for a POSIX shell: pasted
 * without them, a command would run against the reference server instead. The reference run's own target file is
 * left out (it is written by the run, and a run again starts its own server). A path is shown from the folder the
 * run started in, so a page does not show where that is.
 */
export function sameTargetOptions(env: NodeJS.ProcessEnv = process.env, cwd: string = userDir()): string[] {
  const target = env[TARGET_ENV]
  return [
    ...(target && target !== env[REFERENCE_RUN_ENV] ? ['--target', shellQuoted(relative(cwd, target))] : []),
    ...(env[BASELINE_ENV] ? ['--baseline', shellQuoted(relative(cwd, env[BASELINE_ENV]))] : []),
  ]
}

/**
 * The command that runs one test again against the same target: its title as Playwright's --grep reads it (project,
 * file, describe blocks and title, divided by spaces), every character a regular expression gives a meaning
 * escaped.
 */
export function rerunCommand(title: string, options: readonly string[]): string {
  const grep = title.replaceAll(' › ', ' ').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  return ['npx --no-install op-conformance run', ...options, '--grep', shellQuoted(grep)].join(' ')
}

function shellQuoted(word: string): string {
  return /^[\w./@:+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`
}
