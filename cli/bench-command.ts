import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { routingOf } from '../conformance/harness/http/routing.ts'
import { loadTargetFile } from '../conformance/harness/target/load-target.ts'
import type { TargetFile } from '../conformance/harness/target/target-file.ts'
import { type BenchSession, openBenchSession } from '../conformance/load/bench-session.ts'
import { remoteServers } from '../conformance/load/loopback.ts'
import { hasProcfs, PROC_ROOT } from '../conformance/load/process-cpu.ts'
import { type OperationResult, runBench } from '../conformance/load/run-bench.ts'
import { DEFAULT_REPORT_DIR } from '../settings/run-settings.ts'
import { runArtilleryBench } from './bench-artillery.ts'
import { emitBench } from './bench-emit.ts'
import { type BenchOptions, parseBenchOptions } from './bench-options.ts'
import { formatBenchTable } from './bench-table.ts'
import { BENCH_HELP } from './help.ts'
import { UsageError } from './run-options.ts'
import { startReferenceServer } from './start-reference-server.ts'

/**
 * `op-conformance bench`: load on a target the way the suite tests it, each answer checked by the automatic
 * rules. Prints a table, writes JSON; exits 0 when every answer was right, 1 when any was wrong.
 */
export async function benchCommand(argv: readonly string[]): Promise<number> {
  const options = parseBenchOptions(argv)
  if (options.help) {
    process.stdout.write(BENCH_HELP)
    return 0
  }
  if (options.emit !== undefined && options.target !== undefined)
    return emitBench({ ...options, emit: options.emit, target: options.target })
  const output = resolve(options.output ?? join(DEFAULT_REPORT_DIR, 'bench', 'bench.json'))
  const reference = options.target ? undefined : await startReferenceServer(dirname(output))
  try {
    const targetFile = options.target ? resolve(options.target) : reference!.targetFile
    const target = loadTargetFile(targetFile)
    // The reference server's process counts with its descendants (the server it starts; the embedded
    // database runs inside it), where /proc can say so.
    const serverPids =
      reference && hasProcfs(PROC_ROOT)
        ? [...new Set([...options.serverPids, reference.pid])]
        : options.serverPids
    const session = await openBenchSession(target)
    try {
      return await bench(session, target, targetFile, output, { ...options, serverPids })
    } finally {
      await session.close()
    }
  } finally {
    await reference?.stop()
  }
}

async function bench(
  session: BenchSession,
  target: TargetFile,
  targetFile: string,
  output: string,
  options: BenchOptions,
): Promise<number> {
  const remote = remoteServers(session.discovery, routingOf(target))
  if (remote.length > 0 && !options.allowRemote)
    throw new UsageError(
      `bench: ${remote.join(', ')} ${remote.length === 1 ? 'is' : 'are'} not on this machine; a load run goes ` +
        'only to loopback unless --allow-remote says the servers are yours to load',
    )
  const startedAt = new Date().toISOString()
  console.log(
    `Bench against ${target.name ?? targetFile}: ${options.operations.length} operation(s), ` +
      `${options.durationS} s each at concurrency ${options.concurrency}, on ${options.engine === 'artillery' ? 'Artillery' : 'the load loop'}`,
  )
  const onStart = (operation: string) => console.log(`  ${operation} ...`)
  const results =
    options.engine === 'artillery'
      ? await runArtilleryBench({
          target,
          operations: options.operations,
          concurrency: options.concurrency,
          durationS: options.durationS,
          dir: join(dirname(output), 'artillery'),
          onStart,
        })
      : await runBench(session, {
          operations: options.operations,
          limits: {
            concurrency: options.concurrency,
            durationMs: options.durationS * 1000,
            maxIterations: options.maxIterations,
          },
          serverPids: options.serverPids,
          onStart,
        })
  const report = {
    engine: options.engine,
    target: target.name ?? null,
    targetFile,
    startedAt,
    concurrency: options.concurrency,
    durationS: options.durationS,
    consentDriver: session.consentDriver() ?? null,
    // Whose CPU serverCpuMs* measure: these processes and their descendants (the load loop measures it).
    serverPids: options.engine === 'loop' ? options.serverPids : [],
    results,
  }
  mkdirSync(dirname(output), { recursive: true })
  writeFileSync(output, `${JSON.stringify(report, null, 2)}\n`)
  console.log(`\n${formatBenchTable(results)}\n`)
  for (const result of results) console.log(`  ${result.operation}: ${result.measures}`)
  console.log(`\nJSON: ${relative(process.cwd(), output)}`)
  const wrong = results.flatMap((result) => {
    const why = whyWrong(result)
    return why ? [`${result.operation}: ${why}`] : []
  })
  if (wrong.length === 0) return 0
  // The exit status is said with its reason: a table of zeros alone does not say that the bench failed, nor why.
  console.error(`\nbench: exit status 1: ${wrong.join('; ')}`)
  return 1
}

function whyWrong(result: OperationResult): string | undefined {
  if (result.setupError) return 'its set-up failed (above)'
  // Nothing ran (a load engine that could not load the suite's hooks): nothing was measured either.
  if (result.iterations === 0) return 'no iteration ran'
  const wrong = result.iterations - result.ok
  return wrong > 0
    ? `${wrong} of ${result.iterations} iterations had a wrong answer (the errors above)`
    : undefined
}
