import type { Defect } from '../adapters/defects.ts'
import type { ClientRuleId } from '../client-rules.ts'

/** A client the suite must pass or fail, run like the server mutants: the adapter, its scenarios, the outcome. */
export interface CatalogEntry {
  name: string
  adapter: string
  scenarios: string[]
  /** The rule that must fail; undefined for a correct client, which must fail none. */
  breaks?: ClientRuleId
  /** What must fail with it, as its consequence (the ASE refuses the bad request: the step fails). Nothing else may. */
  also: ClientRuleId[]
  /** How the verdict's headline must start, for a client run on every scenario (a whole run's verdict). */
  headline?: string
}

const TSX = 'node --import tsx'
const ADAPTERS = 'client-conformance/adapters'
export const SDK_ADAPTER = `${TSX} ${ADAPTERS}/sdk-adapter.ts`
export const PROJECT_ADAPTER = `${TSX} ${ADAPTERS}/project-client-adapter.ts`

const REFUSED: ClientRuleId[] = ['CL-COMPLETES']

/**
 * Each defect, the rule it breaks, the scenario that shows it (one is enough, and keeps the run short), and what
 * fails with it: most bad requests are refused by the ASE, so the step fails too (CL-COMPLETES).
 */
export const BROKEN_CLIENTS: Record<
  Defect,
  { breaks?: ClientRuleId; scenario: string; also: ClientRuleId[] }
> = {
  'no-content-digest': { breaks: 'CL-CONTENT-DIGEST', scenario: 'uint64-amounts', also: REFUSED },
  'continue-before-wait': { breaks: 'CL-CONTINUE-WAIT', scenario: 'continue-wait', also: REFUSED },
  'token-after-expiry': { breaks: 'CL-TOKEN-EXPIRY', scenario: 'short-lived-token', also: [] },
  // 2^64-1 through a number is 18446744073709552000: beyond uint64, so not an amount string either.
  'amounts-as-numbers': {
    breaks: 'CL-AMOUNT-EXACT',
    scenario: 'uint64-amounts',
    also: ['CL-AMOUNT-STRING', ...REFUSED],
  },
  'finish-hash-ignored': { breaks: 'CL-FINISH-HASH', scenario: 'wrong-finish-hash', also: REFUSED },
  'both-quote-amounts': { breaks: 'CL-QUOTE-AMOUNT', scenario: 'payment-flow', also: REFUSED },
  'first-101': { breaks: 'CL-LIST-BOUNDS', scenario: 'long-list', also: REFUSED },
  'unsigned-resource-request': { breaks: 'CL-SIGNED', scenario: 'payment-flow', also: REFUSED },
  'revoked-token-reused': { breaks: 'CL-REVOKED-TOKEN', scenario: 'revoked-token', also: [] },
  'as-uri-ignored': { breaks: 'CL-AS-URI', scenario: 'as-uri', also: [] },
  // What shows only as the ASE refusing the client: its judgement is the finding.
  'signature-reused': { breaks: 'CL-SIGNED', scenario: 'uint64-amounts', also: REFUSED },
  'bearer-scheme': { breaks: 'CL-GNAP-SCHEME', scenario: 'uint64-amounts', also: REFUSED },
  'pretty-digest': { breaks: 'CL-CONTENT-DIGEST', scenario: 'uint64-amounts', also: REFUSED },
  'token-of-other-grant': { breaks: 'CL-TOKEN-ACCESS', scenario: 'payment-flow', also: REFUSED },
  // Stopped at its request budget.
  'cursor-not-followed': { breaks: 'CL-LIST-WALK', scenario: 'long-list', also: REFUSED },
  'own-continuation-url': { breaks: 'CL-CONTINUE-FORM', scenario: 'payment-flow', also: REFUSED },
  'keyid-not-kid': { breaks: 'CL-KEYID', scenario: 'uint64-amounts', also: REFUSED },
  'numeric-amounts': { breaks: 'CL-AMOUNT-STRING', scenario: 'continue-wait', also: REFUSED },
  'quote-to-wallet-address': { breaks: 'CL-IP-BEFORE-PAY', scenario: 'payment-flow', also: REFUSED },
  'quote-and-debit-amount': { breaks: 'CL-OP-FORM', scenario: 'payment-flow', also: REFUSED },
  // The old token had expired too (rotation comes at expiry), so it is also a token used after expires_in.
  'old-token-after-rotation': {
    breaks: 'CL-ROTATED-TOKEN',
    scenario: 'short-lived-token',
    also: ['CL-TOKEN-EXPIRY'],
  },
  'error-swallowed': { breaks: 'CL-ERROR-SURFACED', scenario: 'error-answer', also: [] },
  // The protocol faults: the suite must neither crash nor stall, and judge what the adapter did.
  'huge-output': { breaks: 'CL-COMPLETES', scenario: 'uint64-amounts', also: [] },
  // A correct client whose adapter leaves a child holding standard output: judged when the adapter exits.
  'lingering-child': { scenario: 'uint64-amounts', also: [] },
  // A stub: every step "succeeded", nothing sent. The list it reports holds none of the items.
  'no-request': { breaks: 'CL-COMPLETES', scenario: 'long-list', also: ['CL-LIST-WALK'] },
}

/**
 * Broken clients run on every scenario, for what only a whole run's verdict shows: the headline each must get.
 * A client that does not finish a scenario, or makes no request, is never CONFORMANT.
 */
const WHOLE_RUNS: { defect: Defect; headline: string }[] = [
  // Loops in long-list until the request budget stops it; finishes the 8 others. CONFORMANT before issue 49.
  { defect: 'cursor-not-followed', headline: 'INCOMPLETE: conformant to the ' },
  // Before issue 49: "INCOMPLETE: conformant to the 0 spec rules tested".
  {
    defect: 'no-request',
    headline: 'INCOMPLETE: no spec rule was tested: the client made no request in any of the 9 scenarios',
  },
]

export const CORRECT_CLIENTS: readonly CatalogEntry[] = [
  { name: 'sdk', adapter: SDK_ADAPTER, scenarios: [], also: [] },
  { name: 'clients', adapter: PROJECT_ADAPTER, scenarios: [], also: [] },
]

export function brokenEntries(): CatalogEntry[] {
  const entry = (defect: string) => ({
    adapter: `${PROJECT_ADAPTER} --defect ${defect}`,
    ...BROKEN_CLIENTS[defect as Defect],
  })
  return [
    ...Object.keys(BROKEN_CLIENTS).map((defect) => {
      const { adapter, breaks, scenario, also } = entry(defect)
      return { name: defect, adapter, scenarios: [scenario], breaks, also }
    }),
    ...WHOLE_RUNS.map(({ defect, headline }) => {
      const { adapter, breaks, also } = entry(defect)
      // Every scenario: the defect's consequences in its own scenario are the whole run's too.
      return { name: `${defect}-whole-run`, adapter, scenarios: [], breaks, also, headline }
    }),
  ]
}
