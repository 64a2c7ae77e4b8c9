import { rerunCommand } from '../../settings/rerun-command.ts'
import { plural } from './plural.ts'
import type { EvidenceItem } from './rule-evidence.ts'
import type { ClauseVerdict, RuleVerdict, Verdict } from './verdict.ts'

const OUTCOME: Record<EvidenceItem['outcome'], string> = {
  pass: 'PASS',
  fail: 'FAIL',
  warning: 'WARNING',
  'not-applicable': 'NOT APPLICABLE',
  control: 'POSITIVE CONTROL',
}

/** How many checks of the rule saw what: `14 passing checks, 1 failing` (empty: none ran). */
export function evidenceSummary(r: RuleVerdict): string {
  const { pass, fail, warning } = r.observed
  const parts = [
    pass > 0 ? plural(pass, 'passing check') : '',
    fail > 0 ? `${fail} failing` : '',
    warning > 0 ? plural(warning, 'warning') : '',
    r.observed['not-applicable'] > 0 ? `${r.observed['not-applicable']} not applicable` : '',
    r.observed.control > 0 ? plural(r.observed.control, 'positive control') : '',
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(', ') : 'no check of it ran'
}

/**
 * One row of evidence: `PASS ×3 in <test>: <what was seen> (POST /quotes -> 201)`; `label` names the test as the
 * report does (a client's by its scenario).
 */
export function evidenceLine(item: EvidenceItem, label: (test: string) => string = (test) => test): string {
  const times = item.count > 1 ? ` ×${item.count}` : ''
  const exchange = item.exchange ? ` (${item.exchange})` : ''
  return `${OUTCOME[item.outcome]}${times} in ${label(item.test)}: ${item.line}${exchange}`
}

const CLAUSE_STATUS: Record<ClauseVerdict['status'], string> = {
  held: 'HELD',
  failed: 'FAILED',
  warned: 'WARNED',
  'not-applicable': 'NOT APPLICABLE',
  'not-exercised': 'NOT EXERCISED',
}

/**
 * What a rule's status stands on, clause by clause: `HELD IP-CREATE#created: create answers 201 … — in <test>:
 * <what was seen> (POST /incoming-payments -> 201)`; a clause no check exercised says so, with the situation it
 * needs.
 */
export function clauseLines(r: RuleVerdict, label: (test: string) => string = (test) => test): string[] {
  return r.clauses.map((c) => {
    // A failed clause's failure is told with the rule's failures: here only its name.
    const seen =
      c.status === 'failed'
        ? ''
        : c.seen
          ? ` (${label(c.seen.test)}: ${c.seen.line}${c.seen.exchange ? `, ${c.seen.exchange}` : ''})`
          : c.situation && c.status === 'not-exercised'
            ? ` (the situation never arose: ${c.situation})`
            : ''
    return `${CLAUSE_STATUS[c.status]} ${r.rule.id}#${c.id}: ${c.says}${seen}`
  })
}

/** The console lines of the tests that decided nothing: cut short by the suite, or stopped on an unnamed error. */
export function undecidedLines(verdict: Verdict, sameTarget?: readonly string[]): string[] {
  const rerun = (title: string) => (sameTarget ? [`      re-run: ${rerunCommand(title, sameTarget)}`] : [])
  const lines = (list: Verdict['cutShort'], what: string) =>
    list.length === 0
      ? []
      : [
          `  ${plural(list.length, 'test')} ${what}:`,
          ...list.flatMap((t) => [`    ${t.title}: ${t.reason}`, ...rerun(t.title)]),
        ]
  return [
    ...lines(
      verdict.cutShort,
      "cut short by the suite's own limits (their rules are not tested, never failed)",
    ),
    ...lines(
      verdict.unattributed,
      'ended on an error that names no rule (their rules are not tested by them)',
    ),
  ]
}
