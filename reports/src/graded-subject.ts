import type { RuleTier } from '../../conformance/harness/rules/rule.ts'
import type { VerdictDocument } from './verdict-document.ts'

/**
 * How the renderings speak of what was graded: a server (a run's target), or a client (op-conformance client sets
 * `subject`), whose server was the suite's own.
 */
export const isClientVerdict = (d: Pick<VerdictDocument, 'subject'>): boolean => d.subject?.kind === 'client'

/** The heading of the Markdown and HTML verdicts. */
export function verdictTitle(d: Pick<VerdictDocument, 'subject'>): string {
  return isClientVerdict(d) ? 'Open Payments client conformance verdict' : 'Open Payments conformance verdict'
}

/** The line that names what was graded: `Open Payments conformance: <server>` or `... client conformance: ...`. */
export function gradedName(d: Pick<VerdictDocument, 'subject' | 'target'>): string {
  return isClientVerdict(d)
    ? `Open Payments client conformance: ${d.subject?.client ?? d.subject?.adapter}`
    : `Open Payments conformance: ${d.target}`
}

/** Who was graded and against what, as label and value: the target server, or the client and the suite's ASE. */
export function subjectRows(d: VerdictDocument): [string, string][] {
  const addresses = Object.entries(d.walletAddresses)
    .map(([role, url]) => `${role} ${url}`)
    .join(', ')
  if (!d.subject)
    return [
      ['Target', d.target],
      ['Wallet addresses', addresses],
    ]
  return [
    ['Client graded', d.subject.client ?? d.subject.adapter],
    ['Adapter', d.subject.adapter],
    [
      'Server',
      `not graded: the suite played the account servicing entity (its reference server behind recording proxies); ${addresses}`,
    ],
  ]
}

const TIER_TITLE: Record<RuleTier, string> = {
  spec: 'The spec (Payment Resource Service specification): decides conformance',
  'beyond-spec': 'Beyond the spec (OpenAPI documents, docs/spec-decisions.md): failures are warnings',
  robustness: 'Robustness (answers to invalid input): its own section, does not decide conformance',
}

const CLIENT_TIER_TITLE: Record<RuleTier, string> = {
  spec: "The spec (Payment Resource Service specification), the client's obligations: decides conformance",
  'beyond-spec': 'Beyond the spec (GNAP, RFC 9635; the adapter protocol): failures are warnings',
  robustness: TIER_TITLE.robustness,
}

export function tierTitle(d: Pick<VerdictDocument, 'subject'>, tier: RuleTier): string {
  return (isClientVerdict(d) ? CLIENT_TIER_TITLE : TIER_TITLE)[tier]
}
