import { gradedName } from './graded-subject.ts'
import { withReasons } from './headline.ts'
import { badgeOf, notRunNote } from './render-verdict.ts'
import { type RuleVerdict, TIERS } from './verdict.ts'
import type { VerdictDocument } from './verdict-document.ts'

// Characters XML 1.0 cannot carry at all, even escaped (C0 controls but tab, newline, carriage return).
const NOT_XML = new RegExp(
  `[${String.fromCharCode(0)}-${String.fromCharCode(8)}\\v\\f${String.fromCharCode(14)}-${String.fromCharCode(31)}]`,
  'g',
)

export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

/**
 * JUnit XML for CI systems: one test suite per tier, one test case per rule. A spec or robustness rule that
 * failed or was inconclusive is a failure, unless the baseline expects it (then skipped, saying so); a
 * beyond-the-spec failure is a warning, so it passes with the finding in its output; a rule not tested is
 * skipped with the reason.
 */
export function renderJunit(document: VerdictDocument): string {
  const expected = new Map((document.baseline?.expected ?? []).map((e) => [e.rule, e.reasons.join('; ')]))
  const suites = TIERS.map((tier) => {
    const rules = document.rules.filter((r) => r.tier === tier)
    const cases = rules.map((r) => testCase(r, expected.get(r.rule.id)))
    const failures = cases.filter((c) => c.failed).length
    const skipped = cases.filter((c) => c.skipped).length
    return [
      `  <testsuite name="${tier}" tests="${rules.length}" failures="${failures}" errors="0" skipped="${skipped}">`,
      ...cases.map((c) => c.xml),
      '  </testsuite>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlText(gradedName(document))}" timestamp="${document.finishedAt}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n')
}

function testCase(r: RuleVerdict, expectedReason: string | undefined) {
  const name = xmlText(`${r.rule.id} (${r.rule.level}): ${r.rule.statement}`)
  const open = `    <testcase classname="${xmlText(`${r.tier}.${r.rule.section}`)}" name="${name}">`
  const reasons = r.status === 'inconclusive' ? r.reasons : []
  const note = notRunNote(r)
  const details = xmlText(
    [...r.failures, ...reasons, ...r.warnings.map((w) => `warning: ${w}`), ...(note ? [note] : [])].join(
      '\n\n',
    ),
  )
  const out = details ? [`      <system-out>${details}</system-out>`] : []
  const failing = r.status === 'failed' || r.status === 'inconclusive'
  let body: string[] = out
  let failed = false
  let skipped = false
  if (failing && expectedReason !== undefined) {
    skipped = true
    body = [`      <skipped message="${xmlText(`expected failure (baseline): ${expectedReason}`)}"/>`, ...out]
  } else if (failing && r.tier !== 'beyond-spec') {
    failed = true
    const message = xmlText(`${badgeOf(r)}: ${r.failures[0]?.split('\n')[0] ?? withReasons(r)}`)
    body = [`      <failure message="${message}" type="${r.status}">${details}</failure>`]
  } else if (!['passed', 'warning', 'failed'].includes(r.status)) {
    skipped = true
    body = [`      <skipped message="${xmlText(`${badgeOf(r)}: ${withReasons(r)}`)}"/>`]
  }
  return { failed, skipped, xml: [open, ...body, '    </testcase>'].join('\n') }
}
