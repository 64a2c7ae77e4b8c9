import type { APIRequestContext, BrowserType, LaunchOptions } from '@playwright/test'
import { routingOf } from '../http/routing.ts'
import { TargetConfigurationError } from '../target/target-configuration-error.ts'
import type { TargetFile } from '../target/target-file.ts'
import { chromiumCaArgs } from '../target/tls-ca.ts'
import { browserConsentDriver } from './browser-consent-driver.ts'
import { noChromiumReason } from './chromium.ts'
import type { ConsentDriver } from './consent-driver.ts'
import { loadConsentScript } from './consent-script.ts'
import { httpConsentDriver } from './http-consent-driver.ts'

export interface ConsentDriverEnvironment {
  target: TargetFile
  /** `use.launchOptions` of playwright.config.ts (from conformance/harness/consent/chromium.ts). */
  launchOptions: LaunchOptions
  chromium: BrowserType
  newRequestContext: () => Promise<APIRequestContext>
}

export interface OpenedConsentDriver {
  driver: ConsentDriver
  /** Why the default choice fell back to the HTTP driver, for the report. */
  fallback?: string
}

/**
 * The target's `consent.driver`; without one, the browser driver when Chromium starts, else the HTTP driver.
 * A target that asks for the browser gets it or a configuration error, never a silent fallback.
 */
export async function openConsentDriver(environment: ConsentDriverEnvironment): Promise<OpenedConsentDriver> {
  const { target, launchOptions } = environment
  const routing = routingOf(target)
  const http = () => httpConsentDriver(environment.newRequestContext, routing)
  const chosen = target.consent?.driver
  if (chosen === 'http') return { driver: http() }

  if (!launchOptions.executablePath) {
    const reason = noChromiumReason()
    if (chosen === 'browser') throw new TargetConfigurationError(`consent.driver is "browser" but ${reason}`)
    return { driver: http(), fallback: reason }
  }
  const script = await loadConsentScript(target.consent?.script)
  // The consent page may be served with the target's test certificate: Chromium does not read Node's CA list.
  const caArgs = target.tls ? chromiumCaArgs(target.tls.caFile) : []
  const launch = { ...launchOptions, args: [...(launchOptions.args ?? []), ...caArgs] }
  // A Chromium of its own in each worker. One for the whole run (launchServer in the global setup, connect here)
  // was tried: against the reference server it saved nothing (Chromium's CPU fell by what the runner took on to
  // relay the protocol); against Rafiki 36 consents timed out on a Chrome error page at the finish URI, whose
  // request was never reported to the worker (none with a Chromium per worker, in the run just before).
  try {
    return { driver: browserConsentDriver(await environment.chromium.launch(launch), script, routing) }
  } catch (error) {
    const reason = `Chromium at ${launchOptions.executablePath} did not start: ${(error as Error).message.split('\n')[0]}`
    if (chosen === 'browser') throw new TargetConfigurationError(`consent.driver is "browser" but ${reason}`)
    return { driver: http(), fallback: reason }
  }
}
