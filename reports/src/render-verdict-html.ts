import { rerunCommand } from '../../settings/rerun-command.ts'
import { scenarioOf, scenariosLine, scenariosRun, testLabel, testsSentence } from './client-scenarios.ts'
import { failedWhere, failureTexts } from './failure-text.ts'
import { foundationLines } from './foundation-verdict.ts'
import { gradedName, isClientVerdict, subjectRows, tierTitle, verdictTitle } from './graded-subject.ts'
import { withReasons } from './headline.ts'
import { plural } from './plural.ts'
import { clauseLines, evidenceLine, evidenceSummary } from './render-evidence.ts'
import {
  ATTENTION_ORDER,
  BADGE,
  badgeOf,
  byAttention,
  needsAttention,
  notRunNote,
  propertyLine,
  scopeLines,
  testsSummary,
  untestedLine,
  whyOf,
} from './render-verdict.ts'
import {
  clauseProofLines,
  type ProofItem,
  proofCommits,
  proofOf,
  proofSource,
  wholeRuleLine,
} from './rule-proof.ts'
import type { RuleProofFile } from './rule-proof-file.ts'
import { RULE_STATUSES, type RuleVerdict, TIERS } from './verdict.ts'
import { LEVELS, type VerdictDocument } from './verdict-document.ts'
import { CONTENT_SECURITY_POLICY, FILTER_SCRIPT, STYLE } from './verdict-page-assets.ts'

export function html(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

/**
 * The verdict page: one self-contained file (an inline style and script, no external resource) that opens from
 * disk. It leads to what needs attention: under the headline, a link to each failed or inconclusive rule with
 * its reason; in each tier, those rules come first; a filter by status and tier. With `proof` (the suite's
 * reports/rule-proof.jsonl), each rule of a server's verdict says which mutants its checks caught and which
 * variants they tolerated.
 */
export function renderVerdictHtml(d: VerdictDocument, proof?: RuleProofFile): string {
  const kind = d.conformant ? 'ok' : d.counts.failed + d.counts.inconclusive > 0 ? 'no' : 'partial'
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">
<title>${html(gradedName(d))}</title><style>${STYLE}</style></head>
<body>
<h1>${html(verdictTitle(d))}</h1>
${subject(d)}
<p class="verdict ${kind}" id="headline">${html(d.headline)}</p>
${foundations(d)}
${attention(d)}
${baseline(d)}
<p id="tests">${testsSentence(d, (kind, count) => `<span data-tests="${kind}">${count}</span>`)}
${scopeLines(d)
  .map((line) => html(line.trim()))
  .join('')}
${d.properties.length > 0 ? `<ul id="properties">${d.properties.map((p) => `<li>${html(propertyLine(p))}</li>`).join('')}</ul>` : ''}
${d.otherFailures.length > 0 ? `Outside the verdict, failed: ${html(d.otherFailures.join('; '))}.` : ''}
What the tiers and statuses mean: docs/verdict.md of the suite.</p>
<h2>Rules per tier and level</h2>
${countsTable(d)}
${filterForm(d)}
${TIERS.filter((tier) => d.rules.some((r) => r.tier === tier))
  .map((tier) => ruleMatrix(d, tier, proof))
  .join('\n')}
${isClientVerdict(d) ? '' : `<h2>Latency of the target</h2>\n${latencyTable(d)}`}
<script>${FILTER_SCRIPT}</script>
</body></html>
`
}

function subject(d: VerdictDocument): string {
  const rows: [string, string][] = [
    ...subjectRows(d),
    [
      'Suite',
      `${d.suite.name} ${d.suite.version}, commit ${d.suite.commit}; ${d.suite.files} files, sha256 ${d.suite.sha256}`,
    ],
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
    ...b.unconfirmed.map((u) => `<li>unconfirmed: ${html(u.why)}; the entry stays</li>`),
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
  // A rule set without a tier's rules (the client mode's has no robustness rules) shows no row of zeros for it.
  const totals = TIERS.filter((tier) => d.rules.some((r) => r.tier === tier)).map(
    (tier) =>
      `<tr><th>${tier}</th><th>all</th>${RULE_STATUSES.map(
        (s) =>
          `<th class="n" data-tier="${tier}" data-level="all" data-status="${s}">${d.tiers[tier][s]}</th>`,
      ).join('')}</tr>`,
  )
  return `<table id="counts">${head}${rows.join('')}${totals.join('')}</table>`
}

/** Right under the headline, before any rule: the foundation step that failed, and what it stopped. */
function foundations(d: VerdictDocument): string {
  const lines = foundationLines(d)
  if (lines.length === 0) return ''
  return `<div id="foundations" class="foundations">${lines.map((line) => `<p>${html(line.trim())}</p>`).join('')}</div>`
}

/** Under the headline: each rule that needs attention, linked to its row, with why. */
function attention(d: VerdictDocument): string {
  const items = needsAttention(d.rules).map(
    (r) =>
      `<li><a href="#rule-${html(r.rule.id)}">${html(r.rule.id)}</a> <span class="badge s-${r.status}">${html(badgeOf(r))}</span> <span class="muted">(${r.tier}, ${r.rule.level})</span>: ${html(whyOf(r))}</li>`,
  )
  const untested = untestedLine(d.rules)
  if (untested) items.push(`<li class="muted">${html(untested)}</li>`)
  return items.length === 0 ? '' : `<ul id="attention">${items.join('')}</ul>`
}

function filterForm(d: VerdictDocument): string {
  const counts = new Map(ATTENTION_ORDER.map((s) => [s, d.rules.filter((r) => r.status === s).length]))
  const boxes = ATTENTION_ORDER.filter((s) => counts.get(s)! > 0).map(
    (s) =>
      `<label><input type="checkbox" name="status" value="${s}" checked> ${BADGE[s]} (${counts.get(s)})</label>`,
  )
  const tiers = ['all', ...TIERS].map(
    (t) => `<option value="${t}">${t === 'all' ? 'every tier' : t}</option>`,
  )
  return `<form id="filter"><strong>Show</strong> ${boxes.join('')}
<label>Tier <select name="tier">${tiers.join('')}</select></label> <button type="reset">Show all</button></form>`
}

function ruleMatrix(d: VerdictDocument, tier: (typeof TIERS)[number], proof?: RuleProofFile): string {
  const rules = byAttention(d.rules.filter((r) => r.tier === tier))
  const expected = new Map((d.baseline?.expected ?? []).map((e) => [e.rule, e.reasons.join('; ')]))
  return `<section class="tier" data-tier="${tier}"><h2>${html(tierTitle(d, tier))}</h2>
<table class="rules" data-tier="${tier}"><thead><tr><th>Rule</th><th>Level</th><th>Statement</th><th>Result</th></tr></thead>
${rules.map((r) => ruleRows(d, r, expected.get(r.rule.id), proof)).join('\n')}</table></section>`
}

/** A rule's row, then its details (reasons, failures with their exchanges, warnings, tests) at the table's width. */
function ruleRows(
  d: VerdictDocument,
  r: RuleVerdict,
  expectedReason: string | undefined,
  proof: RuleProofFile | undefined,
): string {
  const note = notRunNote(r)
  const reason =
    r.status === 'pending' || (r.reasons.length > 0 && r.status !== 'passed')
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
  const failures = r.failures.length === 0 ? '' : failureDetails(d, r)
  const warnings =
    r.warnings.length === 0
      ? ''
      : `<details><summary>${plural(r.warnings.length, 'warning')}</summary><ul>${r.warnings.map((w) => `<li>${html(w)}</li>`).join('')}</ul></details>`
  const details = `${baselined}${reason}${failures}${warnings}${clauseList(d, r)}${evidenceList(d, r)}${proofList(d, r, proof)}${testList(d, r)}`
  const row = r.tier === 'beyond-spec' && r.status === 'failed' ? 'warning' : r.status
  const id = html(r.rule.id)
  return `<tbody class="rule r-${row}" id="rule-${id}" data-status="${r.status}" data-tier="${r.tier}">
<tr data-rule="${id}" data-status="${r.status}"><td><a href="#rule-${id}"><strong>${id}</strong></a></td><td>${r.rule.level}</td><td>${html(r.rule.statement)}<div class="muted">${html(r.rule.section)}</div></td>
<td class="badge s-${r.status}">${html(badgeOf(r))}</td></tr>${details ? `\n<tr class="details"><td colspan="4">${details}</td></tr>` : ''}</tbody>`
}

/** What a PASS stands on: each clause of the rule with what the run saw of it (an automatic rule's is its statement). */
function clauseList(d: VerdictDocument, r: RuleVerdict): string {
  if (r.rule.automatic || r.status === 'untested' || r.status === 'pending') return ''
  const open = r.clauses.some((c) => c.status === 'failed' || c.status === 'not-exercised') ? ' open' : ''
  const held = r.clauses.filter((c) => c.status === 'held').length
  return `<details class="clauses"${open}><summary>Clauses: ${held} of ${r.clauses.length} held</summary><ul>${clauseLines(
    r,
    testLabel(d),
  )
    .map((line) => `<li>${html(line)}</li>`)
    .join('')}</ul></details>`
}

/**
 * Why a PASS of the rule means something: per clause, the mutants its checks caught and the variants they tolerated
 * in the maintainers' catalogue runs, and the commit those ran on; a rule with none says so.
 */
function proofList(d: VerdictDocument, r: RuleVerdict, proof: RuleProofFile | undefined): string {
  if (!proof || isClientVerdict(d)) return ''
  const p = proofOf(r.rule, proof)

  const distinct = (items: readonly ProofItem[]) => new Set(items.map((i) => `${i.kind} ${i.id}`)).size
  const caught = distinct([...p.caughtWhole, ...p.clauses.flatMap((c) => c.caught)])
  const tolerated = distinct(p.clauses.flatMap((c) => c.tolerates))
  if (!p.known || caught + tolerated === 0) return `<div class="muted proof">${html(proofSource(p))}.</div>`
  const summary = [
    caught > 0 ? `Proof that it can fail: ${plural(caught, 'fault')} caught` : 'No fault made it fail',
    ...(tolerated > 0 ? [`${plural(tolerated, 'allowed variant')} tolerated`] : []),
  ].join(', ')
  const lines = [
    ...p.clauses.map(
      (c) =>
        `<li>${html(c.ref)}<ul>${clauseProofLines(c)
          .map((line) => `<li>${html(line)}</li>`)
          .join('')}</ul></li>`,
    ),
    ...p.caughtWhole.map((item) => `<li>${html(wholeRuleLine(item))}</li>`),
  ]
  return `<details class="proof"><summary>${summary}</summary><p class="muted">From ${html(proofCommits(p)!)}.</p><ul>${lines.join('')}</ul></details>`
}

/**
 * What the checks of the rule saw: the counts, then the first few of each outcome with the exchange; the failing
 * ones are the failures shown above them.
 */
function evidenceList(d: VerdictDocument, r: RuleVerdict): string {
  const others = r.evidence.filter((e) => e.outcome !== 'fail' || r.failures.length === 0)
  if (others.length === 0) return `<div class="muted">Evidence: ${html(evidenceSummary(r))}.</div>`
  return `<details class="evidence"><summary>Evidence: ${html(evidenceSummary(r))}</summary><ul>${others
    .map((e) => `<li>${html(evidenceLine(e, testLabel(d)))}</li>`)
    .join('')}</ul></details>`
}

/**
 * The tests that observed the rule (a client's: the scenarios, by outcome); an automatic rule's are every test
 * that received a response: counted only.
 */
function testList(d: VerdictDocument, r: RuleVerdict): string {
  if (r.tests.length === 0) return ''
  if (isClientVerdict(d))
    return `<div class="scenarios">Scenarios: ${html(scenariosLine(r, scenariosRun(d)))}.</div>`
  if (r.rule.automatic) return `<div class="muted">${html(testsSummary(r))}.</div>`
  return `<details><summary>${plural(r.tests.length, 'test')}</summary><ul>${r.tests
    .map((t) => `<li>${html(t.title)} <span class="muted">(${t.outcome}, ${html(t.file)})</span></li>`)
    .join('')}</ul></details>`
}

/** Each failure's message, then the exchanges of the test behind it: request, response and a curl line. */
function failureDetails(d: VerdictDocument, r: RuleVerdict): string {
  const messages = failureTexts(d, r)
    .map(
      ({ tests, text }) =>
        `<div class="failure">${tests.length > 0 ? `<div class="muted">${html(failedWhere(d, tests))}:</div>` : ''}<pre>${html(text)}</pre>${rerunLines(d, tests)}</div>`,
    )
    .join('')
  const label = (title: string) => (isClientVerdict(d) ? `scenario ${scenarioOf(title)}` : title)
  const evidence = r.failedIn
    .filter((title) => d.evidence[title])
    .map(
      (title) =>
        `<div class="muted">Requests of ${html(label(title))}:</div>${d.evidence[title]!.map(
          (e) => `<details><summary>${html(e.name)}</summary><pre>${html(e.body)}</pre></details>`,
        ).join('')}`,
    )
    .join('')
  return `<details open><summary>${plural(r.failures.length, 'failure')}</summary>${messages}${evidence}</details>`
}

/** The command that runs each failing test again against the same target (a server's run only). */
function rerunLines(d: VerdictDocument, tests: readonly string[]): string {
  if (!d.sameTarget || tests.length === 0) return ''
  const commands = tests.map((test) => rerunCommand(test, d.sameTarget!)).join('\n')
  return `<div class="muted">Run again against the same target:</div><pre class="rerun">${html(commands)}</pre>`
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
