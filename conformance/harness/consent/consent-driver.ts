import type { FinishRedirect } from '../gnap/finish-redirect.ts'
import type { InteractiveGrant } from '../gnap/grant-types.ts'
import { machineFactor } from '../time/machine-load.ts'

export type ConsentDecision = 'accept' | 'reject'

/** Saves what the consent page showed (a screenshot, or the HTML) in the report of the running test. */
export type Evidence = (name: string, body: Buffer | string, contentType: string) => Promise<void>

/**
 * Plays the account holder: opens `interact.redirect`, accepts or rejects, and returns where the page sent
 * the browser at the end (the client's finish URI with `hash` and `interact_ref`, or `result`).
 */
export interface ConsentDriver {
  readonly kind: 'browser' | 'http'
  interact(grant: InteractiveGrant, decision: ConsentDecision, evidence: Evidence): Promise<FinishRedirect>
  close(): Promise<void>
}

/**
 * How long a consent page may take, script included, before the driver gives up: 30 s on a quiet machine,
 * stretched by its load like the suite's other limits (a browser and the page's own scripts are the first to starve).
 */
export function consentTimeoutMs(): number {
  return 30_000 * machineFactor()
}

/**
 * Labels of the consent page's controls, for the default browser script and the HTTP driver: the label starts
 * with one of these words ("Allow access", "No, thanks"), so "Don't allow" or "Nothing" never match.
 */
export const DECISION_LABELS: Record<ConsentDecision, RegExp> = {
  accept: /^\s*(accept|approve|allow|authori[sz]e|confirm|grant|yes)\b/i,
  reject: /^\s*(reject|deny|decline|refuse|cancel|no|not now)\b/i,
}
