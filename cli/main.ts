import { readFileSync } from 'node:fs'
import { ClientTargetError } from '../client-conformance/target/load-client-target.ts'
import { BaselineError } from '../conformance/harness/rules/baseline-file.ts'
import { TargetFileError } from '../conformance/harness/target/load-target.ts'
import { TargetConfigurationError } from '../conformance/harness/target/target-configuration-error.ts'
import { benchCommand, ReferenceStartError } from './bench-command.ts'
import { clientCommand } from './client-command.ts'
import { CLIENT_HELP } from './client-help.ts'
import { BENCH_HELP, HELP } from './help.ts'
import { INIT_HELP, initCommand } from './init-command.ts'
import { MERGE_HELP, mergeCommand } from './merge-command.ts'
import { RULES_HELP, rulesCommand } from './rules-command.ts'
import { CONFIGURATION_EXIT, runCommand } from './run-command.ts'
import { UsageError } from './run-options.ts'
import { VALIDATE_HELP, validateCommand } from './validate-command.ts'

const COMMANDS: Record<string, { run: (args: string[]) => number | Promise<number>; help: string }> = {
  init: { run: initCommand, help: INIT_HELP },
  run: { run: runCommand, help: HELP },
  client: { run: clientCommand, help: CLIENT_HELP },
  rules: { run: rulesCommand, help: RULES_HELP },
  validate: { run: validateCommand, help: VALIDATE_HELP },
  merge: { run: mergeCommand, help: MERGE_HELP },
  bench: { run: benchCommand, help: BENCH_HELP },
}

function main([command, ...args]: string[]): number | Promise<number> {
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP)
    return command === undefined ? CONFIGURATION_EXIT : 0
  }
  if (command === '--version') {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    console.log(manifest.version)
    return 0
  }
  const chosen = COMMANDS[command]
  if (!chosen)
    throw new UsageError(
      `unknown command ${JSON.stringify(command)}: one of ${Object.keys(COMMANDS).join(', ')} (op-conformance --help)`,
    )
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(chosen.help)
    return 0
  }
  return chosen.run(args)
}

/** Mistakes of the set-up end the command with their message and exit status 2, never a stack trace. */
async function exitStatus(argv: string[]): Promise<number> {
  try {
    return await main(argv)
  } catch (error) {
    const known = [
      UsageError,
      TargetFileError,
      TargetConfigurationError,
      BaselineError,
      ClientTargetError,
      ReferenceStartError,
    ]
    if (!known.some((kind) => error instanceof kind)) throw error
    console.error(`op-conformance: ${(error as Error).message}`)
    if (error instanceof TargetFileError)
      console.error('See conformance/harness/target/README.md for the target file format.')
    return CONFIGURATION_EXIT
  }
}

process.exitCode = await exitStatus(process.argv.slice(2))
