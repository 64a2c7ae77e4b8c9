import { readFileSync } from 'node:fs'
import { walletAddressesOf } from '../conformance/harness/preflight/wallet-addresses-of.ts'
import { loadTargetFile } from '../conformance/harness/target/load-target.ts'
import { checkLive } from './live-check.ts'
import { CONFIGURATION_EXIT, takeFlag, UsageError } from './run-options.ts'

export const VALIDATE_HELP = `Usage: npx --no-install op-conformance validate [--live] FILE

Checks a target file against conformance/harness/target/target-file.schema.json and the suite's own checks (files
exist, a key file holds an Ed25519 private key, a CA file holds certificates, routes do not collide): each
problem on one line, naming its field. Runs no test. A client mode target file (it names an adapter) is read by
\`op-conformance client --target FILE\` instead.
  --live   also asks the target, as a run's pre-flight would: every wallet address answers with a wallet address
           document whose id is the address asked, the authServer and resourceServer it names answer, the
           receiver is another address in the sender's asset, each registered client's jwks.json publishes its key
  --help   this text
Exit status: 0 valid, 2 a problem was found. The format: conformance/harness/target/README.md.
`

/**
 * `op-conformance validate [--live] FILE`: the target file's problems, each naming its field (exit 2), or what
 * it names; with --live, also what the target answers (wallet addresses, the clients' published keys).
 */
export async function validateCommand(argv: readonly string[]): Promise<number> {
  const args = [...argv]
  const live = takeFlag(args, '--live')
  if (args.length !== 1 || args[0]!.startsWith('-'))
    throw new UsageError(
      'validate: give one target file: npx --no-install op-conformance validate [--live] my-ase.json',
    )
  const file = args[0]!
  if (isClientTargetFile(file))
    throw new UsageError(
      `validate: ${file} is a client target file (client mode: it names an adapter, the client under test), ` +
        'not a server target file; it is read, and checked, by: npx --no-install op-conformance client --target ' +
        `${file}. validate checks the target files of op-conformance run (conformance/harness/target/README.md)`,
    )
  const target = loadTargetFile(file)
  console.log(`target file ${file} is valid: "${target.name}"`)
  if (!live) {
    for (const [field, url] of walletAddressesOf(target)) console.log(`  ${field}: ${url}`)
    console.log('(validate reads the file only; --live, and `op-conformance run`, also ask the target)')
    return 0
  }
  const { found, problems } = await checkLive(target)
  for (const line of found) console.log(`  ok  ${line}`)
  for (const problem of problems) console.log(`  !!  ${problem}`)
  if (problems.length === 0) return 0
  console.error(
    `target ${file}: ${problems.length === 1 ? '1 problem' : `${problems.length} problems`} found live`,
  )
  return CONFIGURATION_EXIT
}

/**
 * A client mode target file (client-conformance/target/), recognised by its adapter: given to validate, it would
 * be reported as a server target file missing walletAddresses, which says nothing about the mix-up.
 */
function isClientTargetFile(file: string): boolean {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    return typeof json === 'object' && json !== null && 'adapter' in json && !('walletAddresses' in json)
  } catch {
    // Unreadable or not JSON: loadTargetFile names the problem.
    return false
  }
}
