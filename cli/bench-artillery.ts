import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TargetFile } from '../conformance/harness/target/target-file.ts'
import { extraCaCertsFor } from '../conformance/harness/target/tls-ca.ts'
import { type ArtilleryReport, operationResultOf } from '../conformance/load/artillery/artillery-report.ts'
import { PRIVATE_KEY_VARIABLE } from '../conformance/load/artillery/worker-session.ts'
import type { OperationName } from '../conformance/load/operations.ts'
import type { OperationResult } from '../conformance/load/run-bench.ts'
import { linkBundleExternals, scriptFile, writeArtilleryBundle } from './artillery-bundle.ts'
import { ensureArtillery } from './artillery-install.ts'
import { exitOf, startChild } from './child-processes.ts'

export interface ArtilleryBenchOptions {
  target: TargetFile
  operations: readonly OperationName[]
  concurrency: number
  durationS: number
  /** Where the bundle and Artillery's reports are written. */
  dir: string
  onStart?: (operation: OperationName) => void
}

/**
 * The bench on Artillery, on this machine: the bundle written once, then each operation's script run in turn by
 * `artillery run`, its JSON report read back into the home-made engine's result.
 */
export async function runArtilleryBench(options: ArtilleryBenchOptions): Promise<OperationResult[]> {
  const tools = ensureArtillery()
  writeArtilleryBundle({ ...options, tools })
  linkBundleExternals(options.dir)
  const env = artilleryEnv(options.target)
  const results: OperationResult[] = []
  for (const operation of options.operations) {
    options.onStart?.(operation)
    const report = join(options.dir, `${operation}.report.json`)
    const child = startChild(
      process.execPath,
      [tools.artillery, 'run', '--quiet', '--output', report, scriptFile(operation)],
      { cwd: options.dir, env, stdio: ['ignore', 'inherit', 'inherit'] },
    )
    const code = await exitOf(child)
    if (code !== 0) {
      results.push(notMeasured(operation, `artillery run exited ${code} (its messages are above)`))
      continue
    }
    results.push(operationResultOf(operation, JSON.parse(readFileSync(report, 'utf8')) as ArtilleryReport))
  }
  return results
}

/** The key as the processor reads it, and the target's test CA for Artillery's own HTTP client. */
function artilleryEnv(target: TargetFile): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ARTILLERY_DISABLE_TELEMETRY: 'true' }
  if (!('serveLocally' in target.client))
    env[PRIVATE_KEY_VARIABLE] =
      target.client.privateKey ?? readFileSync(target.client.privateKeyFile!, 'utf8')
  if (target.tls)
    env.NODE_EXTRA_CA_CERTS = extraCaCertsFor(target.tls.caFile, process.env.NODE_EXTRA_CA_CERTS)
  return env
}

function notMeasured(operation: OperationName, setupError: string): OperationResult {
  return {
    ...operationResultOf(operation, { aggregate: {} }),
    setupError,
  }
}
