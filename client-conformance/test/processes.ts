import { spawnSync } from 'node:child_process'

/** Whether `setsid` (util-linux) is here: the tests of an adapter that leaves its process group need it. */
export function hasSetsid(): boolean {
  return spawnSync('setsid', ['--version']).status === 0
}

/** The processes whose command line is exactly `command` (a test gives its own a duration no other has). */
export function processesRunning(command: string): number[] {
  const found = spawnSync('pgrep', ['-x', '-f', command], { encoding: 'utf8' })
  return found.stdout.split('\n').filter(Boolean).map(Number)
}
