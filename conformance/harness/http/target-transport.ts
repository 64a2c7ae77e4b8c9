import type { APIRequestContext } from '@playwright/test'
import { Agent } from 'undici'
import { createUndiciTransport, OpenPaymentsClient, type Transport } from '../../../clients/src/index.ts'
import type { ClientIdentity } from '../client-identity/client-identity.ts'
import type { TargetFile } from '../target/target-file.ts'
import { trustedCertificates } from '../target/tls-ca.ts'
import { playwrightTransport } from './playwright-transport.ts'
import { routedTransport, routingOf } from './routing.ts'

/** What the tests send through: Playwright's request context (traced, reported), routed as the target says. */
export function targetPlaywrightTransport(target: TargetFile, context: APIRequestContext): Transport {
  // Playwright's workers trust tls.caFile through NODE_EXTRA_CA_CERTS, set by playwright.config.ts.
  return routedTransport(routingOf(target), playwrightTransport(context))
}

/**
 * For requests outside a test (a pre-flight check in the runner): undici, routed as the target says, trusting
 * tls.caFile itself, so it needs no NODE_EXTRA_CA_CERTS.
 */
export function targetUndiciTransport(target: TargetFile): Transport {
  const dispatcher = target.tls
    ? new Agent({ connect: { ca: trustedCertificates(target.tls.caFile) } })
    : undefined
  return routedTransport(routingOf(target), createUndiciTransport({ dispatcher }))
}

/** The client identity's signing client over `transport`, signing `@target-uri` as the target's routes say. */
export function targetClient(
  identity: ClientIdentity,
  target: TargetFile,
  transport: Transport,
): OpenPaymentsClient {
  const routing = routingOf(target)
  return new OpenPaymentsClient({
    key: identity.key,
    walletAddress: identity.walletAddress,
    transport,
    signedTargetUri: (url) => routing.signedTargetUri(url),
  })
}
