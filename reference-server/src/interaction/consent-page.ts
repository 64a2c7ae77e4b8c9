import type { AccessEntry } from '../authorization/access-context.ts'
import { parseRepeatingInterval } from '../grants/interval.ts'
import type { SubjectId } from '../grants/model.ts'

export interface ConsentPageInput {
  clientUrl: string
  clientName: string | undefined
  access: readonly AccessEntry[]
  /** Wallet addresses the client asks the resource owner to confirm as theirs. */
  subject: readonly SubjectId[]
  /** Where the form posts the decision. */
  formAction: string
  expiresAt: Date
}

interface AmountLike {
  value: string
  assetCode: string
  assetScale: number
}

/**
 * The consent page: who asks for what, with Accept and Reject as plain form buttons, so a person, a
 * browser driver or an HTTP driver can answer it. Stable hooks: form#consent, button#accept, button#reject
 * (field `decision`). Everything that came from the client is escaped.
 */
export function renderConsentPage(input: ConsentPageInput): string {
  const who =
    input.clientName === undefined
      ? `<a href="${escapeHtml(input.clientUrl)}">${escapeHtml(input.clientUrl)}</a>`
      : `<strong>${escapeHtml(input.clientName)}</strong> (<a href="${escapeHtml(input.clientUrl)}">${escapeHtml(input.clientUrl)}</a>)`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Approve payment access</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
section { border: 1px solid #ccc; border-radius: .5rem; padding: .5rem 1rem; margin: 1rem 0; }
button { font-size: 1rem; padding: .5rem 1.5rem; margin-right: 1rem; }
#accept { background: #1a7f37; color: #fff; border: 0; }
</style>
</head>
<body>
<h1>Approve payment access</h1>
<p id="client">${who} asks for the following access.</p>
${input.access.map(renderEntry).join('\n')}
${input.subject.map(renderSubject).join('\n')}
<form id="consent" method="post" action="${escapeHtml(input.formAction)}">
<button type="submit" id="accept" name="decision" value="accept">Accept</button>
<button type="submit" id="reject" name="decision" value="reject">Reject</button>
</form>
<p><small>This request expires at ${escapeHtml(input.expiresAt.toISOString())}.</small></p>
</body>
</html>
`
}

function renderSubject(subjectId: SubjectId, index: number): string {
  return `<section class="subject" id="subject-${index}"><dl><dt>Confirm that you hold</dt><dd>${escapeHtml(subjectId.id)}</dd></dl></section>`
}

function renderEntry(entry: AccessEntry, index: number): string {
  const rows: [string, string][] = [
    ['Type', entry.type],
    ['Actions', entry.actions.join(', ')],
  ]
  if ('identifier' in entry && entry.identifier !== undefined) rows.push(['Wallet address', entry.identifier])
  const limits = 'limits' in entry ? entry.limits : undefined
  if (limits !== undefined) {
    const amounts = limits as { debitAmount?: AmountLike; receiveAmount?: AmountLike }
    if (amounts.debitAmount) rows.push(['Maximum to send', formatAmount(amounts.debitAmount)])
    if (amounts.receiveAmount) rows.push(['Maximum to be received', formatAmount(amounts.receiveAmount)])
    if (limits.receiver !== undefined) rows.push(['Only to', limits.receiver])
    if (limits.interval !== undefined) rows.push(['Interval', describeInterval(limits.interval)])
  }
  const items = rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`)
  return `<section class="access" id="access-${index}"><dl>${items.join('')}</dl></section>`
}

/** "USD 12.34" for value 1234 at scale 2: the value scaled with bigint arithmetic, never a float. */
export function formatAmount(amount: AmountLike): string {
  const digits = BigInt(amount.value)
    .toString()
    .padStart(amount.assetScale + 1, '0')
  const whole = digits.slice(0, digits.length - amount.assetScale)
  const fraction = digits.slice(digits.length - amount.assetScale)
  return `${amount.assetCode} ${fraction === '' ? whole : `${whole}.${fraction}`}`
}

function describeInterval(value: string): string {
  const parsed = parseRepeatingInterval(value)
  if (!parsed.ok) return value
  const [, , duration] = value.split('/')
  const times = Number.isFinite(parsed.interval.count) ? `${parsed.interval.count} times` : 'with no end'
  return `${value} (each ${duration}, from ${parsed.interval.start.toISOString()}, ${times})`
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}
