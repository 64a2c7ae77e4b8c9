export type RuleLevel = 'MUST' | 'SHOULD' | 'MAY'

/**
 * What a rule's result decides (docs/verdict.md): only `spec` rules decide conformance; `beyond-spec` rules
 * (what only the OpenAPI documents or docs/spec-decisions.md say) fail as warnings; `robustness` rules (answers to invalid
 * input) have their own failing section.
 */
export type RuleTier = 'spec' | 'beyond-spec' | 'robustness'

/**
 * One separate thing a rule's statement requires (IP-CREATE: the 201, the methods, each requested field echoed).
 * A rule passes only when every clause was seen to hold by a check that is not a positive control, and none failed
 * (docs/verdict.md): a clause no check exercised leaves the rule NOT TESTED, naming what it says.
 */
export interface Clause {
  /** Stable within the rule; checks name it as `RULE-ID#clause`. */
  id: string
  /** What the clause requires, in one line: the NOT TESTED reason reads "nothing checked that <says>". */
  says: string
  /**
   * The situation the clause is about, where one is needed (OP-FAILED: a payment that cannot be delivered): a
   * clause whose situation never arose is not exercised, whatever else held.
   */
  situation?: string
  /**
   * What would let a run exercise the clause when its situation never arose (a setting of the target file, what
   * the server would have to offer): the NOT TESTED reason names it.
   */
  completedBy?: string
}

/** The one clause of a rule whose statement says one thing. */
const WHOLE_CLAUSE = 'statement'

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
  /** The separate things the statement requires; unset, the statement is one clause (`statement`). */
  clauses?: readonly Clause[]
}

/** Sections of docs/spec-decisions.md: what the specification leaves open, decided by this suite. */
export const DECISIONS_SECTION = 'spec-decisions.md'

export function tierOf(rule: Rule): RuleTier {
  return rule.tier ?? (rule.section.startsWith(DECISIONS_SECTION) ? 'beyond-spec' : 'spec')
}

/** A rule's clauses: its own list, or its statement as its one clause. */
export function clausesOf(rule: Rule): readonly Clause[] {
  return rule.clauses ?? [{ id: WHOLE_CLAUSE, says: rule.statement }]
}
