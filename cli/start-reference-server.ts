import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { NODE_LOADER, suiteModule } from '../settings/suite-modules.ts'
import { startChild } from './child-processes.ts'
import { ReferenceStartError } from './reference-start-error.ts'
import { SUITE_ROOT } from './run-command.ts'

export interface ReferenceServer {
  targetFile: string
  /** serve-reference.ts's process, the reference server's parent. */
  pid: number
  stop(): Promise<void>
}

/**
 * The reference server as `run` starts it without a target, by command (reference-run/serve-reference.ts), its
 * target file written into `dir`. Rejects with a ReferenceStartError when it exits before it serves.
 */
export async function startReferenceServer(dir: string): Promise<ReferenceServer> {
  const child = startChild(
    process.execPath,
    [...NODE_LOADER, suiteModule('reference-run/serve-reference.ts'), dir],
    { cwd: SUITE_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const exited = once(child, 'exit')
  const line = await Promise.race([
    once(createInterface({ input: child.stdout! }), 'line').then(([first]) => first as string),
    exited.then(([code]) => {
      throw new ReferenceStartError(
        `the reference server did not start (exit ${code}; its message is above), so nothing was measured`,
      )
    }),
  ])
  const { target } = JSON.parse(line) as { target: string }
  return { targetFile: target, pid: child.pid!, stop: () => stop(child, exited) }
}

async function stop(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode === null) child.kill('SIGTERM')
  await exited
}
