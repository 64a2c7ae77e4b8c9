import { walletAddressesOf } from '../conformance/preflight/global-setup.ts'
import { loadTargetFile } from '../conformance/target/load-target.ts'
import { UsageError } from './run-options.ts'

/** `op-conformance validate FILE`: the target file's problems, each naming its field (exit 2), or what it names. */
export function validateCommand(argv: readonly string[]): number {
  if (argv.length !== 1 || argv[0]!.startsWith('-'))
    throw new UsageError('validate: give one target file: op-conformance validate my-ase.json')
  const target = loadTargetFile(argv[0]!)
  console.log(`target file ${argv[0]} is valid: "${target.name}"`)
  for (const [field, url] of walletAddressesOf(target)) console.log(`  ${field}: ${url}`)
  console.log('(validate reads the file only; `op-conformance run` also checks that these addresses answer)')
  return 0
}
