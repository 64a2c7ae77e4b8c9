import { chromium, request } from '@playwright/test'
import { resolveClientIdentity } from '../harness/client-identity/resolve-client-identity.ts'
import { chromiumLaunchOptions } from '../harness/consent/chromium.ts'
import type { ConsentDriver } from '../harness/consent/consent-driver.ts'
import { type OpenedConsentDriver, openConsentDriver } from '../harness/consent/open-consent-driver.ts'
import { type Discovery, discover } from '../harness/discovery/discovery.ts'
import { Grants } from '../harness/gnap/grants.ts'
import { ConformanceApi } from '../harness/http/conformance-api.ts'
import { targetClient, targetUndiciTransport } from '../harness/http/target-transport.ts'
import { ResponseValidator } from '../harness/openapi/response-validator.ts'
import type { TargetFile } from '../harness/target/target-file.ts'

/**
 * A target as the suite sees it, outside Playwright's runner: the same target file, client identity, routes,
 * TLS settings, response checks and consent driver as the tests, over undici rather than a request context.
 */
export interface BenchSession {
  target: TargetFile
  discovery: Discovery
  /** The OpenAPI documents' checks, for answers sent by another client than `api` (Artillery's). */
  validator: ResponseValidator
  /** A fresh recorder of exchanges (one per iteration, so a long run keeps no history). */
  api(): ConformanceApi
  /** Grants through `api`, consent given by the target's consent driver (started on first use). */
  grants(api: ConformanceApi): Grants
  /** Which consent driver gave consent, once one has. */
  consentDriver(): string | undefined
  close(): Promise<void>
}

export async function openBenchSession(target: TargetFile): Promise<BenchSession> {
  const identity = await resolveClientIdentity(target.client)
  let consent: Promise<OpenedConsentDriver> | undefined
  let opened: OpenedConsentDriver | undefined
  try {
    const validator = await ResponseValidator.create()
    const client = targetClient(identity.identity, target, targetUndiciTransport(target))
    const api = () => new ConformanceApi(client, validator)
    const discovery = await discover(api(), target)
    const driver = async (): Promise<ConsentDriver> => {
      consent ??= openConsentDriver({
        target,
        launchOptions: chromiumLaunchOptions(),
        chromium,
        newRequestContext: () => request.newContext(),
      })
      opened = await consent
      return opened.driver
    }
    return {
      target,
      discovery,
      validator,
      api,
      grants: (through) =>
        new Grants({
          api: through,
          client: identity.identity.walletAddress,
          consent: driver,
          // Nothing to attach evidence to outside a test.
          evidence: async () => {},
        }),
      consentDriver: () =>
        opened && (opened.fallback ? `${opened.driver.kind} (${opened.fallback})` : opened.driver.kind),
      close: async () => {
        await (await consent?.catch(() => undefined))?.driver.close()
        await identity.close()
      },
    }
  } catch (error) {
    await identity.close()
    throw error
  }
}
