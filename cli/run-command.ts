import { existsSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { UNUSABLE_TARGET_EXIT } from '../conformance/harness/preflight/unusable-target-exit.ts'
import { loadBaseline } from '../conformance/harness/rules/baseline-file.ts'
import { loadTargetFile } from '../conformance/harness/target/load-target.ts'
import { EXIT } from '../reports/src/exit-status.ts'
import type { VerdictDocument } from '../reports/src/verdict-document.ts'
import {
  BASELINE_ENV,
  CONSOLE_REPORTER_ENV,
  DEFAULT_REPORT_DIR,
  NO_STOP_ENV,
  QUICK_ENV,
  REPORT_DIR_ENV,
  type ReportPaths,
  reportPaths,
  SHARD_ENV,
  TARGET_ENV,
} from '../settings/run-settings.ts'
import { generateAllureSite } from './allure-site.ts'
import { handleSignals, interruption } from './child-processes.ts'
import { HELP } from './help.ts'
import { claimOutputFolder, type HeldReports, holdPreviousReports } from './output-folder.ts'
import { runPlaywright } from './playwright-run.ts'
import { withProgressLines } from './progress-line.ts'
import { reportLines } from './report-list.ts'
import { type RunManner, runManner, writeRunManner } from './run-manner.ts'
import { CONFIGURATION_EXIT, parseRunOptions } from './run-options.ts'

/**
 * Playwright runs from the suite's folder (the package's built one once installed), wherever the command is called
 * from: every path the user gives or the run writes by default is made absolute against the working directory first.
 */
export const SUITE_ROOT = new URL('..', import.meta.url).pathname

/**
 * `op-conformance run`: checks the target and baseline files, holds the output folder's previous reports aside,
 * runs the suite, then builds the Allure site and the archive and says where every report is. Exits with the
 * verdict's status (reports/src/exit-status.ts): 0 conformant, 1 not, 3 incomplete, 4 no verdict, 5 interrupted;
 * 2 when the run could not start (the previous reports back in place).
 */
export async function runCommand(argv: readonly string[]): Promise<number> {
  const options = parseRunOptions(argv)
  if (options.help) {
    process.stdout.write(HELP)
    return 0
  }
  const env = { ...process.env }
  if (options.target) env[TARGET_ENV] = resolve(options.target)
  // Checked here too, so that a mistake stops the run before the output folder is touched.
  if (env[TARGET_ENV]) loadTargetFile(env[TARGET_ENV])
  if (options.baseline) env[BASELINE_ENV] = loadBaseline(options.baseline).file
  const setting = options.output ? '--output' : env[REPORT_DIR_ENV] ? REPORT_DIR_ENV : undefined
  const folder = claimOutputFolder(
    resolve(options.output ?? env[REPORT_DIR_ENV] ?? DEFAULT_REPORT_DIR),
    setting,
  )
  if (folder.moved) console.log(folder.moved)
  const reportDir = folder.dir
  env[REPORT_DIR_ENV] = reportDir
  if (options.quick) env[QUICK_ENV] = '1'
  if (options.noStop) env[NO_STOP_ENV] = '1'
  if (options.reporter) env[CONSOLE_REPORTER_ENV] = options.reporter
  const paths = reportPaths(reportDir)
  handleSignals()
  const held = holdPreviousReports(paths)
  console.log(
    `Target: ${env[TARGET_ENV] ? shown(env[TARGET_ENV]) : `the suite's reference server (${env.REFERENCE_PORT ? `REFERENCE_PORT=${env.REFERENCE_PORT}` : 'free ports'})`}; reports: ${shown(reportDir)}`,
  )

  const shard = options.shard ? [`--shard=${options.shard.index}/${options.shard.total}`] : []
  if (options.shard) env[SHARD_ENV] = `${options.shard.index}/${options.shard.total}`
  // A shard's manner waits in its folder for the merge, which archives it with the others'.
  if (options.shard) writeRunManner(reportDir, runManner(options))
  const status = await runPlaywright(['test', ...shard, ...options.playwrightArgs], env, SUITE_ROOT)
  if (status === UNUSABLE_TARGET_EXIT) {
    held.restore()
    return CONFIGURATION_EXIT
  }
  if (options.shard) {
    if (!existsSync(paths.blob)) held.restore()
    else {
      held.discard()
      console.log(
        `\nShard ${options.shard.index}/${options.shard.total}: blob report in ${relative(process.cwd(), paths.blob)}; ` +
          'merge all shards with: npx --no-install op-conformance merge --output DIR SHARD_DIR...\n',
      )
    }
    return interruption() ? EXIT.interrupted : status
  }
  return finishReports(paths, env, status, held, runManner(options))
}

/**
 * After the suite (or a merge): the Allure site and the archive, the list of reports, and the exit status the
 * verdict decided. Without a verdict there is nothing to point at, and the previous reports go back in place:
 * after --list (status 0) that is expected; after an interruption before any test ended, status 5; else the run
 * could not start (an option Playwright refused, a filter that matched no test, a server that did not start),
 * which is status 2, never a verdict. An interrupted run's verdict is listed without the Allure site and the
 * archive, which would make the user wait after asking to stop.
 */
export async function finishReports(
  paths: ReportPaths,
  env: NodeJS.ProcessEnv,
  suiteStatus: number,
  held: HeldReports,
  manner: RunManner,
): Promise<number> {
  const verdictFile = join(paths.verdict, 'verdict.json')
  if (!existsSync(verdictFile)) {
    held.restore()
    if (interruption()) {
      console.error(
        `\nop-conformance: interrupted (${interruption()}) before any test ended: no verdict; the output folder is as it was; exit status ${EXIT.interrupted}.`,
      )
      return EXIT.interrupted
    }
    if (suiteStatus === 0) return 0
    console.error(
      '\nop-conformance: the run could not start, so there is no verdict (see the message above); the output ' +
        'folder is as it was; exit status 2.',
    )
    return EXIT.couldNotStart
  }
  held.discard()
  const verdict = JSON.parse(readFileSync(verdictFile, 'utf8')) as VerdictDocument
  if (interruption() || verdict.runStatus === 'interrupted') {
    console.log(reportLines(paths, undefined).join('\n'))
    console.error(
      `op-conformance: interrupted: the reports above hold what ran until then; no Allure site or evidence archive; exit status ${EXIT.interrupted}.`,
    )
    return EXIT.interrupted
  }
  const allureIndex = await withProgressLines('Writing the Allure site', () =>
    generateAllureSite(paths.allureResults, paths.allureReport),
  )
  const target = env[TARGET_ENV] ?? join(paths.root, 'reference-target.json')
  if (existsSync(target)) {
    // Loaded only now: it digests the suite's files, a second of start-up the run's first line need not wait for.
    const { writeEvidenceArchive } = await import('./evidence-archive.ts')
    await withProgressLines('Writing the evidence archive', async () =>
      writeEvidenceArchive(paths, target, manner, env[BASELINE_ENV]),
    )
  }
  console.log(reportLines(paths, allureIndex).join('\n'))
  return verdict.exitCode
}

/** A path as the report list shows it: relative to here, unless that climbs out. */
function shown(path: string): string {
  const near = relative(process.cwd(), path)
  return near.startsWith('..') ? path : near || '.'
}
