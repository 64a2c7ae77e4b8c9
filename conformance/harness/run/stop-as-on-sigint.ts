/**
 * In the run's main process: SIGTERM and SIGHUP (a cancelled CI job, a closed terminal) stop the run as Ctrl-C does.
 * Node ends a process at once on either, and Playwright starts the reference server in a process group of its own,
 * so that server went on listening after the run was gone. On SIGINT Playwright stops its workers and the server,
 * and the process then exits normally (its temporary folders are removed at exit: remove-at-exit.ts).
 */
export function stopAsOnSigint(): void {
  for (const signal of ['SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => process.kill(process.pid, 'SIGINT'))
}
