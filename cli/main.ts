import { readFileSync } from 'node:fs'
import { ClientTargetError } from '../client-conformance/target/client-target-error.ts'
import { BaselineError } from '../conformance/harness/rules/baseline-error.ts'
import { TargetConfigurationError } from '../conformance/harness/target/target-configuration-error.ts'
import { TargetFileError } from '../conformance/harness/target/target-file-error.ts'
import { CLIENT_HELP } from './client-help.ts'
import { BENCH_HELP, HELP } from './help.ts'
import { ReferenceStartError } from './reference-start-error.ts'
import { CONFIGURATION_EXIT, UsageError } from './run-options.ts'

interface Command {
  run: (args: string[]) => number | Promise<number>
  help: string
}

// Each command's module is imported only when it is chosen: together they take over a second to load (ajv,
// Playwright, the reference server's launcher), which `--help`, a mistyped command or `rules` should not wait for.
const COMMANDS: Record<string, () => Promise<Command>> = {
  init: async () => {
    const { initCommand, INIT_HELP } = await import('./init-command.ts')
    return { run: initCommand, help: INIT_HELP }
  },
  run: async () => ({ run: (await import('./run-command.ts')).runCommand, help: HELP }),
  client: async () => ({ run: (await import('./client-command.ts')).clientCommand, help: CLIENT_HELP }),
  rules: async () => {
    const { rulesCommand, RULES_HELP } = await import('./rules-command.ts')
    return { run: rulesCommand, help: RULES_HELP }
  },
  validate: async () => {
    const { validateCommand, VALIDATE_HELP } = await import('./validate-command.ts')
    return { run: validateCommand, help: VALIDATE_HELP }
  },
  merge: async () => {
    const { mergeCommand, MERGE_HELP } = await import('./merge-command.ts')
    return { run: mergeCommand, help: MERGE_HELP }
  },
  bench: async () => ({ run: (await import('./bench-command.ts')).benchCommand, help: BENCH_HELP }),
  verify: async () => {
    const { verifyCommand, VERIFY_HELP } = await import('./verify-command.ts')
    return { run: verifyCommand, help: VERIFY_HELP }
  },
}

async function main([command, ...args]: string[]): Promise<number> {
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP)
    return command === undefined ? CONFIGURATION_EXIT : 0
  }
  if (command === '--version') {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    console.log(manifest.version)
    return 0
  }
  const load = COMMANDS[command]
  if (!load)
    throw new UsageError(
      `unknown command ${JSON.stringify(command)}: one of ${Object.keys(COMMANDS).join(', ')} (op-conformance --help)`,
    )
  const chosen = await load()
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
