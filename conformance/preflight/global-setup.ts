import { rmSync } from 'node:fs'
import { REPORT_PATHS } from '../../settings/run-settings.ts'
import { targetUndiciTransport } from '../http/target-transport.ts'
import { resolveTarget } from '../target/resolve-target.ts'
import type { TargetFile } from '../target/target-file.ts'
import { walletAddressProblem } from './check-wallet-address.ts'

/** Exit status of a run that could not start: the target file or the target itself is not usable. */
export const UNUSABLE_TARGET_EXIT = 2

/** Every wallet address the suite will need, named by where the target file gives it. */
export function walletAddressesOf(target: TargetFile): [field: string, url: string][] {
  const fields: [string, string][] = Object.entries(target.walletAddresses)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([role, url]) => [`walletAddresses.${role}`, url])
  if ('walletAddress' in target.client) fields.push(['client.walletAddress', target.client.walletAddress])
  if (target.secondClient) fields.push(['secondClient.walletAddress', target.secondClient.walletAddress])
  return fields
}

/**
 * Pre-flight, run by Playwright after its webServer is up and before any test: a target whose wallet addresses
 * cannot be fetched would only make every test fail slowly, and its verdict would blame the rules. Stops the run
 * with one message and exit status 2, and leaves no verdict behind (not even an earlier run's).
 */
export default async function preflight(): Promise<void> {
  const target = resolveTarget()
  // Where the tests will reach them: through the target's routes, trusting its tls.caFile.
  const transport = targetUndiciTransport(target)
  const problems = await Promise.all(
    walletAddressesOf(target).map(async ([field, url]) => {
      const problem = await walletAddressProblem(url, transport)
      return problem && `${field} ${url}: ${problem}`
    }),
  )
  const first = problems.find(Boolean)
  if (!first) return
  rmSync(REPORT_PATHS.verdict, { recursive: true, force: true })
  console.error(`\nPre-flight: the target "${target.name}" is not usable, no test ran: ${first}\n`)
  process.exit(UNUSABLE_TARGET_EXIT)
}
