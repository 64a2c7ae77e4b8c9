import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadBaseline } from '../conformance/harness/rules/baseline-file.ts'
import { loadTargetFile } from '../conformance/harness/target/load-target.ts'
import {
  BASELINE_ENV,
  REPORT_DIR_ENV,
  reportPaths,
  TARGET_ENV,
  USER_DIR_ENV,
} from '../settings/run-settings.ts'
import { PLAYWRIGHT_CLI, suiteModule } from '../settings/suite-modules.ts'
import { exitOf, handleSignals, startChild } from './child-processes.ts'
import { holdPreviousReports } from './output-folder.ts'
import { finishReports, SUITE_ROOT } from './run-command.ts'
import { mergedManner } from './run-manner.ts'
import { takeOption, UsageError } from './run-options.ts'

const REFERENCE_TARGET = 'reference-target.json'

export const MERGE_HELP = `Usage: npx --no-install op-conformance merge --output DIR [--target FILE] [--baseline FILE] SHARD_DIR...

Merges the blob reports of shard runs (op-conformance run --shard I/N --output SHARD_DIR) into one set of reports
in DIR, the verdict computed once from every shard's results.
  --output DIR      where the merged reports go (required)
  --target FILE     the target file the shards ran against (default: the reference-target.json a shard wrote)
  --baseline FILE   expected failures, as for run
  --help            this text
`

/**
 * `op-conformance merge --output DIR SHARD_DIR...`: Playwright's merge of the shards' blob reports, with the
 * same reporters as a single run, so the verdict is computed once, from every shard's results.
 */
export async function mergeCommand(argv: readonly string[]): Promise<number> {
  const args = [...argv]
  const output = takeOption(args, '--output')
  const targetOption = takeOption(args, '--target')
  const baseline = takeOption(args, '--baseline')
  if (!output) throw new UsageError('merge: --output DIR is required')
  if (args.length === 0 || args.some((arg) => arg.startsWith('-')))
    throw new UsageError(
      `merge: give the shards' output folders, and only those (got ${args.join(' ') || 'none'})`,
    )
  const shardFolders = args.map((dir) => resolve(dir))
  const blobs = shardFolders.flatMap((dir) => {
    const blob = reportPaths(dir).blob
    const zips = existsSync(blob) ? readdirSync(blob).filter((name) => name.endsWith('.zip')) : []
    if (zips.length === 0)
      throw new UsageError(`merge: ${dir} holds no blob report (run it with --shard I/N)`)
    return zips.map((name) => join(blob, name))
  })
  // Without --target, the shards ran against the reference server: each wrote the target file it used.
  const target =
    targetOption ?? args.map((dir) => join(dir, REFERENCE_TARGET)).find((path) => existsSync(path))
  if (!target)
    throw new UsageError('merge: --target FILE is required (the target file the shards ran against)')
  loadTargetFile(target)
  const paths = reportPaths(output)
  handleSignals()
  const held = holdPreviousReports(paths)
  mkdirSync(paths.blob, { recursive: true })
  for (const zip of blobs) copyFileSync(zip, join(paths.blob, zip.split('/').at(-1)!))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    [REPORT_DIR_ENV]: paths.root,
    [TARGET_ENV]: resolve(target),
    [USER_DIR_ENV]: process.cwd(),
  }
  if (baseline) env[BASELINE_ENV] = loadBaseline(baseline).file
  const merge = startChild(
    process.execPath,
    [
      PLAYWRIGHT_CLI,
      'merge-reports',
      '--config',
      new URL(suiteModule('./merge.config.ts'), import.meta.url).pathname,
      paths.blob,
    ],
    { stdio: 'inherit', env, cwd: SUITE_ROOT },
    true,
  )
  const status = await exitOf(merge)
  return finishReports(paths, env, status, held, mergedManner(shardFolders))
}
