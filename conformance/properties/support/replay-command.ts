import { relative } from 'node:path'
import { BASELINE_ENV, REFERENCE_RUN_ENV, TARGET_ENV, userDir } from '../../../settings/run-settings.ts'

/**
 * The one command that replays a failure, quoted for a POSIX shell. It names the run's own target file and
 * baseline: pasted from a verdict page without them, it would run against the reference server instead. A path
 * is shown from the folder the command was run from, so the page does not show where that is.
 */
export function replayCommand(
  tag: string,
  seed: number,
  path: string,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = userDir(),
): string {
  const target = env[TARGET_ENV]
  const options = [
    // The reference run's target file is written by the run itself: a replay starts its own server.
    ...(target && target !== env[REFERENCE_RUN_ENV] ? ['--target', shellQuoted(relative(cwd, target))] : []),
    ...(env[BASELINE_ENV] ? ['--baseline', shellQuoted(relative(cwd, env[BASELINE_ENV]))] : []),
  ]
  return [
    `OP_FC_SEED=${seed} OP_FC_PATH=${path} npm run conformance --`,
    ...options,
    '--grep',
    `'${tag}'`,
  ].join(' ')
}

function shellQuoted(word: string): string {
  return /^[\w./@:+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`
}
