import { relative, resolve } from 'node:path'
import {
  type ClientVerdictDocument,
  verdictLines,
  writeClientReports,
} from '../client-conformance/client-report.ts'
import { CLIENT_RULES } from '../client-conformance/client-rules.ts'
import { NAMED_ONLY_RULES } from '../client-conformance/grade-scenario.ts'
import { runClientSuite } from '../client-conformance/run-client-suite.ts'
import { SCENARIOS } from '../client-conformance/scenarios.ts'
import { startSimulatedAse } from '../client-conformance/simulated-ase.ts'
import { tierOf } from '../conformance/harness/rules/rule.ts'
import { DEFAULT_REPORT_DIR } from '../settings/run-settings.ts'
import { CLIENT_HELP } from './client-help.ts'
import { CONFIGURATION_EXIT, SUITE_ROOT } from './run-command.ts'
import { takeFlag, takeOption, UsageError } from './run-options.ts'

const DEFAULT_TIMEOUT_SECONDS = 60

/**
 * `op-conformance client --adapter CMD`: starts the reference server as the simulated ASE behind recording
 * proxies, runs the adapter once per scenario, grades the client rule by rule and writes the reports.
 * Exits 0 conformant, 1 not, 2 when the run could not start.
 */
export async function clientCommand(argv: readonly string[]): Promise<number> {
  const args = [...argv]
  if (takeFlag(args, '--help') || takeFlag(args, '-h')) {
    process.stdout.write(CLIENT_HELP)
    return 0
  }
  if (takeFlag(args, '--rules')) return listClientRules(takeFlag(args, '--json'))
  const adapter = takeOption(args, '--adapter')
  const output = resolve(takeOption(args, '--output') ?? resolve(SUITE_ROOT, DEFAULT_REPORT_DIR, 'client'))
  const only = takeOption(args, '--scenario')?.split(',')
  const timeout = Number(takeOption(args, '--timeout') ?? DEFAULT_TIMEOUT_SECONDS)
  if (args.length > 0)
    throw new UsageError(`client: unknown argument ${args[0]} (op-conformance client --help)`)
  if (!adapter) throw new UsageError('client: --adapter "COMMAND" is required (op-conformance client --help)')
  if (!(timeout > 0)) throw new UsageError('client: --timeout must be a number of seconds above 0')
  const unknown = only?.filter((name) => !SCENARIOS.some((s) => s.name === name)) ?? []
  if (unknown.length > 0)
    throw new UsageError(
      `client: unknown scenario ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`,
    )
  const scenarios = only ? SCENARIOS.filter((s) => only.includes(s.name)) : SCENARIOS

  const started = Date.now()
  let ase: Awaited<ReturnType<typeof startSimulatedAse>>
  try {
    ase = await startSimulatedAse(process.env, SUITE_ROOT)
  } catch (error) {
    console.error(`op-conformance client: the simulated ASE did not start: ${(error as Error).message}`)
    return CONFIGURATION_EXIT
  }
  let document: ClientVerdictDocument
  try {
    console.log(
      `Client conformance: ${adapter}\n  ${scenarios.length} scenarios against ${ase.plan.walletAddresses.sender.replace(/\/[^/]*$/, '')}`,
    )
    const result = await runClientSuite(ase, {
      adapter,
      cwd: process.cwd(),
      scenarios,
      timeoutMs: timeout * 1000,
      log: (line) => console.log(line),
    })
    document = writeClientReports(output, ase, adapter, result)
  } finally {
    await ase.close()
  }
  console.log(verdictLines(document).join('\n'))
  console.log(
    `\nReports (${((Date.now() - started) / 1000).toFixed(1)} s): ${relative(process.cwd(), resolve(output, 'verdict'))}/verdict.{html,json,md}, junit.xml; ` +
      `every request the ASE received: ${relative(process.cwd(), resolve(output, 'exchanges'))}/`,
  )
  return document.exitCode
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
