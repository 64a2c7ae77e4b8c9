import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process'
import { once } from 'node:events'
import { EXIT } from '../reports/src/exit-status.ts'

/**
 * Every process the command starts ends with it: on SIGINT, SIGTERM or SIGHUP, on an error, on its normal end.
 *
 * Each child runs in a process group of its own (`detached`), so a Ctrl-C at the terminal reaches the command
 * alone, which tells each child once: a child that gets the terminal's SIGINT and then the command's would take
 * the second as "stop now" (Playwright does) and lose its reports. A graceful child (Playwright) is sent SIGINT,
 * for SIGTERM and SIGHUP too: Playwright stops its workers and its web server and writes its reports on SIGINT only, and
 * on SIGTERM it dies at once and leaves its web server (the reference server) running. The command then waits
 * for it and ends as an interrupted run. Any other child is sent SIGTERM and the command ends when they have
 * exited (at most STOP_MS, then SIGKILL). A second signal ends everything at once.
 */
interface Started {
  child: ChildProcess
  graceful: boolean
  exited: Promise<unknown>
}

const running = new Set<Started>()
let received: NodeJS.Signals | undefined
/** How long a child that is not graceful has to exit after SIGTERM before it is killed. */
const STOP_MS = 10_000

/** The signal that interrupted the command, if one did. */
export function interruption(): NodeJS.Signals | undefined {
  return received
}

/**
 * Starts `command` as a child of this command (see above). `graceful`: it ends on SIGINT by itself, writing what
 * it must (Playwright), and the command waits for it instead of exiting.
 */
export function startChild(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
  graceful = false,
): ChildProcess {
  handleSignals()
  const child = spawn(command, args, { ...options, detached: true })
  // Exits on its own or fails to start: either way it is no longer this command's to stop.
  const exited = new Promise((settle) => {
    child.once('exit', settle)
    child.once('error', settle)
  })
  const started = { child, graceful, exited }
  running.add(started)
  void exited.then(() => running.delete(started))
  return child
}

/** A child's exit status: its code, 1 for a signal or a failure to start (the error is printed). */
export async function exitOf(child: ChildProcess): Promise<number> {
  const [code] = (await Promise.race([
    once(child, 'exit'),
    once(child, 'error').then(([error]) => {
      console.error(`op-conformance: ${(error as Error).message}`)
      return [1]
    }),
  ])) as [number | null]
  return code ?? 1
}

let listening = false

/**
 * From now on a signal ends the command as described above, its 'exit' listeners run (a command that has held
 * its output folder's reports puts them back): called by the first child's start, or before it by a command
 * with something to undo.
 */
export function handleSignals(): void {
  if (listening) return
  listening = true
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void interrupt(signal))
  // An error or a normal end with a child still running (a server started for the command): it goes too.
  process.on('exit', () => {
    for (const { child } of running) kill(child, 'SIGKILL')
  })
}

async function interrupt(signal: NodeJS.Signals): Promise<void> {
  if (received) {
    for (const { child, graceful } of running) kill(child, graceful ? 'SIGINT' : 'SIGKILL')
    process.exit(EXIT.interrupted)
  }
  received = signal
  console.error(`\nop-conformance: ${signal} received: stopping (again to stop at once)`)
  const all = [...running]
  for (const { child, graceful } of all) kill(child, graceful ? 'SIGINT' : 'SIGTERM')
  // A graceful child ends the command's work by itself: the command goes on to end as an interrupted run.
  if (all.some((started) => started.graceful)) return
  const timer = setTimeout(() => {
    for (const { child } of running) kill(child, 'SIGKILL')
  }, STOP_MS)
  await Promise.all(all.map((started) => started.exited))
  clearTimeout(timer)
  process.exit(EXIT.interrupted)
}

/** Signals the child's whole process group (what it started too), or the child alone when it has none yet. */
function kill(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    child.kill(signal)
  }
}
