import { join, relative, resolve } from 'node:path'
import {
  CLIENT_MODE_PARTS,
  type ClientVerdictDocument,
  verdictLines,
  writeClientReports,
} from '../client-conformance/client-report.ts'
import { CLIENT_RULES } from '../client-conformance/client-rules.ts'
import { NAMED_ONLY_RULES } from '../client-conformance/grade-scenario.ts'
import { runClientSuite } from '../client-conformance/run-client-suite.ts'
import { SCENARIOS } from '../client-conformance/scenarios.ts'
import { startSimulatedAse } from '../client-conformance/simulated-ase.ts'
import { SuiteCrash } from '../client-conformance/suite-crash.ts'
import { loadClientTarget } from '../client-conformance/target/load-client-target.ts'
import { loadBaseline } from '../conformance/harness/rules/baseline-file.ts'
import { tierOf } from '../conformance/harness/rules/rule.ts'
import { EXIT } from '../reports/src/exit-status.ts'
import { DEFAULT_REPORT_DIR } from '../settings/run-settings.ts'
import { CLIENT_HELP } from './client-help.ts'
import { packEvidence } from './evidence-archive.ts'
import { claimOutputFolder } from './output-folder.ts'
import { withProgressLines } from './progress-line.ts'
import { SUITE_ROOT } from './run-command.ts'
import type { RunManner } from './run-manner.ts'
import { CONFIGURATION_EXIT, takeFlag, takeOption, UsageError } from './run-options.ts'

const DEFAULT_TIMEOUT_SECONDS = 60

/**
 * `op-conformance client --adapter CMD | --target FILE`: starts the reference server as the simulated ASE behind
 * recording proxies, runs the adapter once per scenario, grades the client rule by rule, writes the reports and
 * the evidence archive. Exits as the server mode does: 0 conformant, 1 not, 2 when the run could not start.
 */
export async function clientCommand(argv: readonly string[]): Promise<number> {
  const args = [...argv]
  if (takeFlag(args, '--help') || takeFlag(args, '-h')) {
    process.stdout.write(CLIENT_HELP)
    return 0
  }
  if (takeFlag(args, '--rules')) return listClientRules(takeFlag(args, '--json'))
  const targetFile = takeOption(args, '--target')
  const baselineFile = takeOption(args, '--baseline')
  const givenOutput = takeOption(args, '--output')
  const only = takeOption(args, '--scenario')?.split(',')
  // The command line wins over the target file.
  const givenAdapter = takeOption(args, '--adapter')
  const givenTimeout = takeOption(args, '--timeout')
  if (args.length > 0)
    throw new UsageError(`client: unknown argument ${args[0]} (op-conformance client --help)`)
  const target = targetFile ? loadClientTarget(targetFile) : undefined
  const baseline = baselineFile ? loadBaseline(baselineFile, isClientRule) : undefined
  const adapter = givenAdapter ?? target?.adapter
  const timeout = Number(givenTimeout ?? target?.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS)
  if (!adapter)
    throw new UsageError(
      'client: --adapter "COMMAND" or --target FILE is required (op-conformance client --help)',
    )
  if (!(timeout > 0)) throw new UsageError('client: --timeout must be a number of seconds above 0')
  const unknown = only?.filter((name) => !SCENARIOS.some((s) => s.name === name)) ?? []
  if (unknown.length > 0)
    throw new UsageError(
      `client: unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`,
    )
  const scenarios = only ? SCENARIOS.filter((s) => only.includes(s.name)) : SCENARIOS
  const folder = claimOutputFolder(
    resolve(givenOutput ?? join(DEFAULT_REPORT_DIR, 'client')),
    givenOutput ? '--output' : undefined,
  )
  if (folder.moved) console.log(folder.moved)
  const output = folder.dir

  const started = Date.now()
  let ase: Awaited<ReturnType<typeof startSimulatedAse>>
  try {
    ase = await withProgressLines(
      'Starting the simulated ASE (the reference server behind recording proxies)',
      () => startSimulatedAse(process.env, SUITE_ROOT, target?.key),
    )
  } catch (error) {
    console.error(`op-conformance client: the simulated ASE did not start: ${(error as Error).message}`)
    return CONFIGURATION_EXIT
  }
  // Interrupted (Ctrl-C, a CI job cancelled): the reference server and the proxies go down with the run, which
  // exits as an interrupted server run does (reports/src/exit-status.ts).
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(
      `\nop-conformance client: interrupted (${signal}): no verdict; exit status ${EXIT.interrupted}`,
    )
    void ase.close().finally(() => process.exit(EXIT.interrupted))
  }
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted).once('SIGHUP', interrupted)
  let document: ClientVerdictDocument
  try {
    console.log(
      `Client conformance: ${adapter}\n  ${scenarios.length} scenarios against ${ase.plan.walletAddresses.sender.replace(/\/[^/]*$/, '')}`,
    )
    const result = await runClientSuite(ase, {
      adapter,
      // An adapter of the target file runs from the file's folder (or its cwd), one given here from the current one.
      cwd: givenAdapter || !target ? process.cwd() : target.cwd,
      scenarios,
      timeoutMs: timeout * 1000,
      log: (line) => console.log(line),
    })
    const clientName = target?.name ?? result.clientName
    document = writeClientReports(output, ase, adapter, { ...result, clientName }, baseline)
  } catch (error) {
    // Whatever the client did is graded, so an error here is the suite's own: exit 2, never 1 (NOT CONFORMANT).
    const what =
      error instanceof SuiteCrash
        ? error.message
        : `the suite failed writing the reports: ${(error as Error).stack ?? String(error)}`
    console.error(`op-conformance client: ${what}\nNo verdict: this is the suite's fault, not the client's.`)
    return CONFIGURATION_EXIT
  } finally {
    process.off('SIGINT', interrupted).off('SIGTERM', interrupted).off('SIGHUP', interrupted)
    await ase.close()
  }
  const manner: RunManner = {
    command: 'client',
    arguments: [
      ...(only ? ['--scenario', only.join(',')] : []),
      ...(givenTimeout ? ['--timeout', givenTimeout] : []),
    ],
    quick: false,
    noStop: false,
  }
  const archive = writeClientEvidence(output, manner, target?.raw, baseline?.file)
  const shown = (path: string) => relative(process.cwd(), path)
  console.log(verdictLines(document).join('\n'))
  console.log(
    `\nReports (${((Date.now() - started) / 1000).toFixed(1)} s): ${shown(resolve(output, 'verdict'))}/verdict.{html,json,md}, junit.xml; ` +
      `every request the ASE received: ${shown(resolve(output, 'exchanges'))}/; evidence archive: ${shown(archive)}`,
  )
  return document.exitCode
}

const isClientRule = (id: string) => CLIENT_RULES.some((rule) => rule.id === id)

/**
 * The client mode's archive, made as the server mode's (cli/evidence-archive.ts): the verdict files, every
 * exchange the ASE received (tokens as fingerprints), the client target file without its private key, the baseline.
 */
function writeClientEvidence(
  output: string,
  manner: RunManner,
  target?: Record<string, unknown>,
  baselineFile?: string,
): string {
  return packEvidence(resolve(output, 'conformance-evidence.tar.gz'), {
    folders: [
      { name: 'verdict', path: resolve(output, 'verdict') },
      { name: 'exchanges', path: resolve(output, 'exchanges') },
    ],
    target,
    baselineFile,
    manner,
    suiteParts: CLIENT_MODE_PARTS,
  })
}
/** `client --rules [--json]`: the client rules, and the scenarios that name each (the others are checked in all). */
function listClientRules(json: boolean): number {
  const rows = CLIENT_RULES.map((rule) => ({
    id: rule.id,
    level: rule.level,
    tier: tierOf(rule),
    statement: rule.statement,
    section: rule.section,
    scenarios: NAMED_ONLY_RULES.includes(rule.id)
      ? SCENARIOS.filter((s) => (s.rules as string[]).includes(rule.id)).map((s) => s.name)
      : ['every scenario'],
    ...(rule.pending ? { pending: rule.pending } : {}),
  }))
  if (json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`)
    return 0
  }
  for (const row of rows) {
    console.log(`${row.id}  ${row.level}  ${row.tier}  [${row.section}]\n  ${row.statement}`)
    console.log(row.pending ? `  pending: ${row.pending}` : `  checked in: ${row.scenarios.join(', ')}`)
  }
  return 0
}
