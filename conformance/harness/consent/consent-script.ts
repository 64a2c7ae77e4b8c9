import { pathToFileURL } from 'node:url'
import type { Page } from '@playwright/test'
import type { InteractiveGrant } from '../gnap/grant-types.ts'
import { TargetConfigurationError } from '../target/target-configuration-error.ts'
import { type ConsentDecision, DECISION_LABELS } from './consent-driver.ts'

export interface ConsentScriptContext {
  /** Already on the consent page (`interact.redirect`). */
  page: Page
  decision: ConsentDecision
  /** The grant request and the server's answer: what the account holder is asked to approve. */
  grant: InteractiveGrant
}

/**
 * A target's consent script (`consent.script` in the target file): the default export of a module, which
 * clicks through the target's consent page (logging in first if the page needs it) to accept or reject.
 * The browser driver catches the final redirect to the finish URI itself.
 */
export type ConsentScript = (context: ConsentScriptContext) => Promise<void>

/**
 * Clicks the first button or link whose accessible name gives the decision (Accept, Approve, Allow, Yes; Reject,
 * Deny, Decline, No: DECISION_LABELS), as on the reference server's page.
 */
export const defaultConsentScript: ConsentScript = async ({ page, decision }) => {
  const name = DECISION_LABELS[decision]
  await page.getByRole('button', { name }).or(page.getByRole('link', { name })).first().click()
}

export async function loadConsentScript(path: string | undefined): Promise<ConsentScript> {
  if (!path) return defaultConsentScript
  let module: { default?: unknown }
  try {
    module = await import(pathToFileURL(path).href)
  } catch (error) {
    throw new TargetConfigurationError(
      `consent.script ${path} could not be loaded: ${(error as Error).message}`,
    )
  }
  if (typeof module.default !== 'function') {
    throw new TargetConfigurationError(
      `consent.script ${path} must export a default async function ({ page, decision, grant })`,
    )
  }
  return module.default as ConsentScript
}
