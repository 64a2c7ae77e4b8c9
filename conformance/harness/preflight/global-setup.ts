import { rmSync } from 'node:fs'
import type { Transport } from '../../../clients/src/index.ts'
import { announceRunPhase } from '../../../settings/run-phase.ts'
import { REPORT_PATHS } from '../../../settings/run-settings.ts'
import {
  type ResolvedClientIdentity,
  resolveClientIdentity,
  resolveSecondClientIdentity,
} from '../client-identity/resolve-client-identity.ts'
import { routingOf } from '../http/routing.ts'
import { targetUndiciTransport } from '../http/target-transport.ts'
import { resolveTarget } from '../target/resolve-target.ts'
import type { TargetFile } from '../target/target-file.ts'
import { clientIdentityProblem, type IdentityField } from './check-client-identity.ts'
import { UNUSABLE_TARGET_EXIT } from './unusable-target-exit.ts'
import { checkWalletAddresses } from './wallet-address-pair.ts'

/**
 * Pre-flight, run by Playwright after its webServer is up and before any test: a target whose wallet addresses
 * cannot be fetched, or whose client identity it does not accept, would only make every test fail slowly, and its
 * verdict would blame the rules. Stops the run with one message naming the target-file field and exit status 2,
 * and leaves no verdict behind (not even an earlier run's).
 */
export default async function preflight(): Promise<void> {
  const target = resolveTarget()
  announceRunPhase(`Pre-flight: the wallet addresses and the client identity of "${target.name}"`)
  // Where the tests will reach them: through the target's routes, trusting its tls.caFile.
  const transport = targetUndiciTransport(target)
  // What `validate --live` refuses, a run refuses too (the client keys are proven below, by the target itself).
  const { problems } = await checkWalletAddresses(target, transport)
  const first = problems[0] ?? (await identitiesProblem(target, transport))
  if (!first) return announceRunPhase('Loading the tests')
  rmSync(REPORT_PATHS.verdict, { recursive: true, force: true })
  console.error(`\nPre-flight: the target "${target.name}" is not usable, no test ran: ${first}\n`)
  process.exit(UNUSABLE_TARGET_EXIT)
}

/** The first problem of the client identities (client, then secondClient): the key, its JWKS entry, the target's word. */
async function identitiesProblem(target: TargetFile, transport: Transport): Promise<string | undefined> {
  const routing = routingOf(target)
  const identities: [IdentityField, () => Promise<ResolvedClientIdentity | undefined>][] = [
    ['client', () => resolveClientIdentity(target.client)],
    ['secondClient', () => resolveSecondClientIdentity(target)],
  ]
  for (const [field, resolve] of identities) {
    let resolved: ResolvedClientIdentity | undefined
    try {
      resolved = await resolve()
    } catch (error) {
      const keyField = target[field] && 'privateKeyFile' in target[field] ? 'privateKeyFile' : 'privateKey'
      return `${field}.${keyField}: ${(error as Error).message}`
    }
    if (!resolved) continue
    try {
      const problem = await clientIdentityProblem({
        field,
        identity: resolved.identity,
        receiver: target.walletAddresses.receiver,
        transport,
        signedTargetUri: (url) => routing.signedTargetUri(url),
      })
      if (problem) return problem
    } catch (error) {
      // A client the suite serves has no walletAddress in the file: what failed is the suite serving it.
      const where = target[field] && 'serveLocally' in target[field] ? 'serveLocally' : 'walletAddress'
      return `${field}.${where}: the client identity could not be checked: ${(error as Error).message}`
    } finally {
      await resolved.close()
    }
  }
  return undefined
}
