import type { Defect } from '../adapters/defects.ts'
import type { ClientRuleId } from '../client-rules.ts'

/** A client the suite must pass or fail, run like the server mutants: the adapter, its scenarios, the outcome. */
export interface CatalogEntry {
  name: string
  adapter: string
  scenarios: string[]
  /** The rule that must fail; undefined for a correct client, which must fail none. */
  breaks?: ClientRuleId
}

const TSX = 'node --import tsx'
const ADAPTERS = 'client-conformance/adapters'
export const SDK_ADAPTER = `${TSX} ${ADAPTERS}/sdk-adapter.ts`
export const PROJECT_ADAPTER = `${TSX} ${ADAPTERS}/project-client-adapter.ts`

/** Each defect, the rule it breaks, and the scenario that shows it (one is enough, and keeps the run short). */
export const BROKEN_CLIENTS: Record<Defect, { breaks: ClientRuleId; scenario: string }> = {
  'no-content-digest': { breaks: 'CL-CONTENT-DIGEST', scenario: 'uint64-amounts' },
  'continue-before-wait': { breaks: 'CL-CONTINUE-WAIT', scenario: 'continue-wait' },
  'token-after-expiry': { breaks: 'CL-TOKEN-EXPIRY', scenario: 'short-lived-token' },
  'amounts-as-numbers': { breaks: 'CL-AMOUNT-EXACT', scenario: 'uint64-amounts' },
  'finish-hash-ignored': { breaks: 'CL-FINISH-HASH', scenario: 'wrong-finish-hash' },
  'both-quote-amounts': { breaks: 'CL-QUOTE-AMOUNT', scenario: 'payment-flow' },
  'first-101': { breaks: 'CL-LIST-BOUNDS', scenario: 'long-list' },
  'unsigned-resource-request': { breaks: 'CL-SIGNED', scenario: 'payment-flow' },
  'revoked-token-reused': { breaks: 'CL-REVOKED-TOKEN', scenario: 'revoked-token' },
  'as-uri-ignored': { breaks: 'CL-AS-URI', scenario: 'as-uri' },
}

export const CORRECT_CLIENTS: readonly CatalogEntry[] = [
  { name: 'sdk', adapter: SDK_ADAPTER, scenarios: [] },
  { name: 'clients', adapter: PROJECT_ADAPTER, scenarios: [] },
]

export function brokenEntries(): CatalogEntry[] {
  return Object.entries(BROKEN_CLIENTS).map(([defect, { breaks, scenario }]) => ({
    name: defect,
    adapter: `${PROJECT_ADAPTER} --defect ${defect}`,
    scenarios: [scenario],
    breaks,
  }))
}
