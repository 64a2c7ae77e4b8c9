export type RuleLevel = 'MUST' | 'SHOULD' | 'MAY'

export interface Rule {
  /** Stable identifier; never reused for a different statement. */
  id: string
  level: RuleLevel
  /** Section of payment-resource-service.md (or decisions.md) the rule comes from. */
  section: string
  statement: string
  /**
   * Set while no test encodes the rule yet: names the issue that will add it. The coverage check lists
   * pending rules and fails on any other rule without a test, so a rule cannot silently lose its test.
   */
  pending?: string
  /** Checked on every response the suite receives (conformance/http/response-checks.ts), not by one test. */
  automatic?: true
}
