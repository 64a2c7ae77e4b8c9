import { sameTargetOptions } from '../../../settings/rerun-command.ts'
import { userDir } from '../../../settings/run-settings.ts'

/**
 * The one command that replays a failure, quoted for a POSIX shell, against the run's own target file and
 * baseline (sameTargetOptions).
 */
export function replayCommand(
  tag: string,
  seed: number,
  path: string,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = userDir(),
): string {
  return [
    `OP_FC_SEED=${seed} OP_FC_PATH=${path} npx --no-install op-conformance run`,
    ...sameTargetOptions(env, cwd),
    '--grep',
    `'${tag}'`,
  ].join(' ')
}
