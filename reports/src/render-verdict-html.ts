import { withReasons } from './headline.ts'
import { BADGE, badgeOf, notRunNote, propertyLine, scopeLines, TIER_TITLE } from './render-verdict.ts'
import { RULE_STATUSES, type RuleVerdict, TIERS } from './verdict.ts'
import { LEVELS, type VerdictDocument } from './verdict-document.ts'

export function html(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 1200px; padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
th, td { border: 1px solid #ddd; padding: .3rem .5rem; vertical-align: top; text-align: left; }
th { background: #f4f4f6; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
dl.subject { display: grid; grid-template-columns: max-content auto; gap: .15rem 1rem; }
dl.subject dt { font-weight: 600; } dl.subject dd { margin: 0; }
.verdict { font-size: 1.2rem; font-weight: 700; padding: .8rem 1rem; border-radius: 6px; margin: 1rem 0; }
.verdict.ok { background: #e3f6e8; color: #0b5b23; } .verdict.no { background: #fde7e7; color: #8a1111; }
.verdict.partial { background: #fff4d6; color: #6b4b00; }
.badge { font-weight: 600; white-space: nowrap; } .s-passed { color: #0b6b2b; } .s-warning { color: #8a6100; }
.s-failed, .s-inconclusive { color: #b00020; } .s-skipped, .s-not-applicable, .s-pending, .s-untested { color: #666; }
tr.r-failed td, tr.r-inconclusive td { background: #fff6f6; } tr.r-warning td { background: #fffbea; }
pre { white-space: pre-wrap; word-break: break-word; background: #f7f7f9; padding: .5rem; border: 1px solid #e3e3e8; font-size: 12px; }
details > summary { cursor: pointer; } .muted { color: #666; }
`

/** The verdict page: one self-contained file (no script, no external resource) that opens from disk. */
export function renderVerdictHtml(d: VerdictDocument): string {
  const kind = d.conformant ? 'ok' : d.counts.failed + d.counts.inconclusive > 0 ? 'no' : 'partial'
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Open Payments conformance: ${html(d.target)}</title><style>${STYLE}</style></head>
<body>
<h1>Open Payments conformance verdict</h1>
${subject(d)}
<p class="verdict ${kind}" id="headline">${html(d.headline)}</p>
${baseline(d)}
<p id="tests">Tests: <span data-tests="passed">${d.tests.passed}</span> passed,
<span data-tests="failed">${d.tests.failed}</span> failed, <span data-tests="skipped">${d.tests.skipped}</span> skipped${d.tests.flaky > 0 ? `, <span data-tests="flaky">${d.tests.flaky}</span> flaky (passed only on a retry)` : ''}.
${scopeLines(d)
  .map((line) => html(line.trim()))
  .join('')}
${d.properties.length > 0 ? `<ul id="properties">${d.properties.map((p) => `<li>${html(propertyLine(p))}</li>`).join('')}</ul>` : ''}
${d.otherFailures.length > 0 ? `Outside the verdict, failed: ${html(d.otherFailures.join('; '))}.` : ''}
What the tiers and statuses mean: docs/verdict.md of the suite.</p>
<h2>Rules per tier and level</h2>
${countsTable(d)}
${TIERS.map((tier) => ruleMatrix(d, tier)).join('\n')}
<h2>Latency of the target</h2>
${latencyTable(d)}
</body></html>
`
}

function subject(d: VerdictDocument): string {
  const rows: [string, string][] = [
    ['Target', d.target],
    [
      'Wallet addresses',
      Object.entries(d.walletAddresses)
        .map(([r, u]) => `${r} ${u}`)
        .join(', '),
    ],
    ['Suite', `${d.suite.name} ${d.suite.version}, commit ${d.suite.commit}`],
    ['Spec', `OpenAPI ${d.spec.openApi} from ${d.spec.package} ${d.spec.packageVersion}`],
    ['Finished', d.finishedAt],
    ['Consent driver', d.consentDrivers.join(', ') || 'none used (no test needed consent)'],
    ['Run', d.runStatus],
  ]
  return `<dl class="subject">${rows.map(([k, v]) => `<dt>${k}</dt><dd data-field="${html(k)}">${html(v)}</dd>`).join('')}</dl>`
}

function baseline(d: VerdictDocument): string {
  const b = d.baseline
  if (!b) return ''
  const items = [
    ...b.expected.map((e) => `<li>expected: ${html(e.rule)} (${html(e.reasons.join('; '))})</li>`),
    ...b.unexpected.map((id) => `<li><strong>unexpected</strong>: ${html(id)}</li>`),
    ...b.stale.map((s) => `<li><strong>stale</strong>: ${html(s.why)}; remove it from the baseline</li>`),
  ]
  return `<p>Baseline ${html(b.file)}${b.target ? ` (${html(b.target)})` : ''}: ${b.entries} entries;
${b.expected.length} expected failures, ${b.unexpected.length} unexpected, ${b.stale.length} stale.
The exit status is ${d.exitCode}.</p><ul>${items.join('')}</ul>`
}

function countsTable(d: VerdictDocument): string {
  const head = `<tr><th>Tier</th><th>Level</th>${RULE_STATUSES.map((s) => `<th>${BADGE[s]}</th>`).join('')}</tr>`
  const rows = TIERS.flatMap((tier) =>
    LEVELS.filter((level) => RULE_STATUSES.some((s) => d.levels[tier][level][s] > 0)).map(
      (level) =>
        `<tr><td>${tier}</td><td>${level}</td>${RULE_STATUSES.map(
          (s) =>
            `<td class="n" data-tier="${tier}" data-level="${level}" data-status="${s}">${d.levels[tier][level][s]}</td>`,
        ).join('')}</tr>`,
    ),
  )
  const totals = TIERS.map(
    (tier) =>
      `<tr><th>${tier}</th><th>all</th>${RULE_STATUSES.map(
        (s) =>
          `<th class="n" data-tier="${tier}" data-level="all" data-status="${s}">${d.tiers[tier][s]}</th>`,
      ).join('')}</tr>`,
  )
  return `<table id="counts">${head}${rows.join('')}${totals.join('')}</table>`
}

function ruleMatrix(d: VerdictDocument, tier: (typeof TIERS)[number]): string {
  const rules = d.rules.filter((r) => r.tier === tier)
  const expected = new Map((d.baseline?.expected ?? []).map((e) => [e.rule, e.reasons.join('; ')]))
  return `<h2>${html(TIER_TITLE[tier])}</h2>
<table class="rules" data-tier="${tier}"><tr><th>Rule</th><th>Level</th><th>Statement</th><th>Result</th><th>Why / tests</th></tr>
${rules.map((r) => ruleRow(d, r, expected.get(r.rule.id))).join('\n')}</table>`
}

function ruleRow(d: VerdictDocument, r: RuleVerdict, expectedReason: string | undefined): string {
  const note = notRunNote(r)
  const reason =
    r.status === 'skipped' ||
    r.status === 'not-applicable' ||
    r.status === 'pending' ||
    r.status === 'inconclusive'
      ? `<div>${html(
          withReasons(r)
            .slice(r.rule.id.length)
            .replace(/^ \(|\)$/g, ''),
        )}</div>`
      : note
        ? `<div class="muted">${html(note)}</div>`
        : ''
  const baselined = expectedReason
    ? `<div><em>expected failure (baseline): ${html(expectedReason)}</em></div>`
    : ''
  const tests =
    r.tests.length === 0
      ? ''
      : `<details><summary>${r.tests.length} tests</summary><ul>${r.tests
          .map((t) => `<li>${html(t.title)} <span class="muted">(${t.outcome}, ${html(t.file)})</span></li>`)
          .join('')}</ul></details>`
  const failures = r.failures.length === 0 ? '' : failureDetails(d, r)
  const warnings =
    r.warnings.length === 0
      ? ''
      : `<details><summary>${r.warnings.length} warnings</summary><ul>${r.warnings.map((w) => `<li>${html(w)}</li>`).join('')}</ul></details>`
  const row = r.tier === 'beyond-spec' && r.status === 'failed' ? 'warning' : r.status
  return `<tr class="r-${row}" id="rule-${html(r.rule.id)}" data-rule="${html(r.rule.id)}" data-status="${r.status}">
<td><strong>${html(r.rule.id)}</strong></td><td>${r.rule.level}</td><td>${html(r.rule.statement)}<div class="muted">${html(r.rule.section)}</div></td>
<td class="badge s-${r.status}">${html(badgeOf(r))}</td><td>${baselined}${reason}${failures}${warnings}${tests}</td></tr>`
}

/** Each failure's message, then the exchanges of the test behind it: request, response and a curl line. */
function failureDetails(d: VerdictDocument, r: RuleVerdict): string {
  const messages = r.failures.map((f) => `<pre>${html(f)}</pre>`).join('')
  const evidence = r.failedIn
    .filter((title) => d.evidence[title])
    .map(
      (title) =>
        `<div class="muted">Requests of ${html(title)}:</div>${d.evidence[title]!.map(
          (e) => `<details><summary>${html(e.name)}</summary><pre>${html(e.body)}</pre></details>`,
        ).join('')}`,
    )
    .join('')
  return `<details open><summary>${r.failures.length} failures</summary>${messages}${evidence}</details>`
}

function latencyTable(d: VerdictDocument): string {
  if (d.latency.length === 0) return '<p class="muted">No response was timed.</p>'
  return `<p class="muted">Measured by the suite from sending a request to its full response, per OpenAPI operation, in milliseconds.</p>
<table id="latency"><tr><th>Operation</th><th>Requests</th><th>p50 ms</th><th>p95 ms</th><th>max ms</th></tr>
${d.latency
  .map(
    (l) =>
      `<tr><td>${html(l.operationId)}</td><td class="n">${l.count}</td><td class="n">${l.p50}</td><td class="n">${l.p95}</td><td class="n">${l.max}</td></tr>`,
  )
  .join('\n')}</table>`
}
