/** `[RULE-ID]` or `[RULE-ID#clause]` at the start of a line: how a message names what it judges. */
const PREFIX = /^\[([A-Z0-9-]+)(?:#([a-z0-9-]+))?\]/

/** A rule, and the clause of it, that a check or a message names. */
export interface RuleClause {
  rule: string
  /** Unset where the message names the rule as a whole. */
  clause?: string
}

/** `RULE-ID` or `RULE-ID#clause` as its parts. */
export function splitRef(ref: string): RuleClause {
  const at = ref.indexOf('#')
  return at < 0 ? { rule: ref } : { rule: ref.slice(0, at), clause: ref.slice(at + 1) }
}

/** The reference a check names: `RULE-ID`, or `RULE-ID#clause`. */
export function refText({ rule, clause }: RuleClause): string {
  return clause ? `${rule}#${clause}` : rule
}

/** The rules and clauses named in a message's prefixes (an assertion message may be wrapped by expect's output). */
export function refsNamedIn(message: string): RuleClause[] {
  const seen = new Map<string, RuleClause>()
  for (const line of message.split('\n')) {
    const match = PREFIX.exec(line.replace(/^\s*([A-Za-z]*Error:\s*)?/, ''))
    if (!match) continue
    const ref = { rule: match[1]!, ...(match[2] ? { clause: match[2] } : {}) }
    seen.set(`${ref.rule}#${ref.clause ?? ''}`, ref)
  }
  return [...seen.values()]
}

/** Rules named in a message's `[RULE-ID]` prefixes (an assertion message may be wrapped by expect's output). */
export function rulesNamedIn(message: string): string[] {
  return [...new Set(refsNamedIn(message).map((ref) => ref.rule))]
}

// Playwright colours messages; the `[RULE-ID]` prefixes must start their line to be read.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

/** An error of Playwright's (a test's, or the run's) as plain text. */
export function plainErrorMessage(error: { message?: string; value?: unknown }): string {
  return (error.message ?? String(error.value ?? '')).replace(ANSI, '')
}
