export type RuleLevel = 'MUST' | 'SHOULD' | 'MAY'

/**
 * What a rule's result decides (docs/verdict.md): only `spec` rules decide conformance; `beyond-spec` rules
 * (what only the OpenAPI documents or docs/spec-decisions.md say) fail as warnings; `robustness` rules (answers to invalid
 * input) have their own failing section.
 */
export type RuleTier = 'spec' | 'beyond-spec' | 'robustness'

export interface Rule {
  /** Stable identifier; never reused for a different statement. */
  id: string
  level: RuleLevel
  /** Section of the specification (or of docs/spec-decisions.md) the rule comes from. */
  section: string
  statement: string
  /**
   * Set while no test encodes the rule yet: names the issue that will add it. The coverage check lists
   * pending rules and fails on any other rule without a test, so a rule cannot silently lose its test.
   */
  pending?: string
  /** Only where the section does not say it: sections starting with `spec-decisions.md` are beyond the spec. */
  tier?: RuleTier
  /** Checked on every response the suite receives (conformance/harness/http/response-checks.ts), not by one test. */
  automatic?: true
}

/** Sections of docs/spec-decisions.md: what the specification leaves open, decided by this suite. */
export const DECISIONS_SECTION = 'spec-decisions.md'

export function tierOf(rule: Rule): RuleTier {
  return rule.tier ?? (rule.section.startsWith(DECISIONS_SECTION) ? 'beyond-spec' : 'spec')
}
