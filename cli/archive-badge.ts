import { EXIT } from '../reports/src/exit-status.ts'
import type { VerdictDocument } from '../reports/src/verdict-document.ts'
import { verdictWord } from './archive-summary.ts'

export const BADGE_FILE = 'badge.svg'

const COLOURS: Record<string, string> = {
  CONFORMANT: '#2e7d32',
  'NOT CONFORMANT': '#c62828',
  INCOMPLETE: '#e65100',
  'NO VERDICT': '#616161',
}

/**
 * The verdict in one line, as an SVG badge a README or a website shows (badge.svg): what the summary says, short.
 * It claims what verdict.json says and no more: a failure the baseline excuses is named, never hidden.
 */
export function badgeText(document: VerdictDocument): { label: string; message: string } {
  const word = verdictWord(document.headline)
  const spec = document.counts
  const checked = spec.passed + spec.warning
  const inScope = Object.values(spec).reduce((sum, n) => sum + n, 0)
  const excused = document.baseline?.expected.length ?? 0
  const accepted =
    document.baseline && document.exitCode === EXIT.conformant && word !== 'CONFORMANT'
      ? `, accepted by its baseline (${excused} excused)`
      : ''
  return {
    label: `Open Payments ${document.spec.openApi}: ${document.target}`,
    message:
      `${word}${accepted} · ${checked}/${inScope} spec rules passed` +
      ` · suite ${document.suite.version} · ${document.finishedAt.slice(0, 10)}`,
  }
}

export function renderBadge(document: VerdictDocument): string {
  const { label, message } = badgeText(document)
  const colour = COLOURS[verdictWord(document.headline)] ?? COLOURS['NO VERDICT']
  // Verdana 11 px averages under 6.5 px a character: the badge is sized by its text, with 10 px either side, and
  // textLength makes any other font fit the same width.
  const textWidth = (text: string) => Math.ceil(text.length * 6.4)
  const left = textWidth(label) + 20
  const right = textWidth(message) + 20
  const text = (x: number, value: string) =>
    `<text x="${x}" y="14" textLength="${textWidth(value)}" lengthAdjust="spacingAndGlyphs">${xml(value)}</text>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${left + right}" height="20" role="img" aria-label="${xml(`${label}: ${message}`)}">
<title>${xml(`${label}: ${message}`)}</title>
<rect width="${left}" height="20" fill="#555"/>
<rect x="${left}" width="${right}" height="20" fill="${colour}"/>
<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">
${text(10, label)}
${text(left + 10, message)}
</g>
</svg>
`
}

function xml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}
