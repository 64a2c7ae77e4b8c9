import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { formatExchange } from '../conformance/harness/http/format-exchange.ts'
import type { Baseline } from '../conformance/harness/rules/baseline-file.ts'
import { EXIT } from '../reports/src/exit-status.ts'
import { headline } from '../reports/src/headline.ts'
import { renderJunit } from '../reports/src/render-junit.ts'
import { baselineLines, renderVerdictMarkdown, summaryLines } from '../reports/src/render-verdict.ts'
import { renderVerdictHtml } from '../reports/src/render-verdict-html.ts'
import { type ClientSubject, specIdentity, suiteIdentity } from '../reports/src/run-subject.ts'
import { buildVerdictDocument, type VerdictDocument } from '../reports/src/verdict-document.ts'
import { RECORDS_FILE, recordsFileText } from '../reports/src/verdict-records.ts'
import { suiteModule } from '../settings/suite-modules.ts'
import { clientVerdict, clientVerdictOptions } from './client-verdict.ts'
import type { ClientSuiteResult } from './run-client-suite.ts'
import { SCENARIOS } from './scenarios.ts'
import type { SimulatedAse } from './simulated-ase.ts'

/**
 * What decides a client verdict beyond the suite, in a checkout (an installed package is digested whole): the client
 * mode, and the reference server that plays the ASE.
 */
export const CLIENT_MODE_PARTS = [
  'client-conformance',
  'reference-server/src',
  suiteModule('reference-run/simulated-ase-plan.ts'),
]

/** The server mode's verdict document, about a client: `subject` says so and names the adapter. */
export type ClientVerdictDocument = VerdictDocument & { subject: ClientSubject }

export const CONSENT = 'http (the suite plays the user on the reference server consent page)'

/**
 * Writes the same reports as the server mode under `dir`: verdict/verdict.json, .md, .html, junit.xml, and
 * exchanges/<scenario>.txt with every request the ASE received from the client (exchange and curl line).
 */
export function writeClientReports(
  dir: string,
  ase: SimulatedAse,
  adapter: string,
  result: ClientSuiteResult,
  baseline?: Baseline,
): ClientVerdictDocument {
  // Only --scenario leaves scenarios out: a whole run whose client stopped early is judged, never "filtered".
  const filtered = result.runs.length < SCENARIOS.length
  const options = clientVerdictOptions(result, filtered)
  const verdict = clientVerdict(result, filtered)
  const subject: ClientSubject = {
    kind: 'client',
    adapter,
    ...(result.clientName ? { client: result.clientName } : {}),
  }
  const built = buildVerdictDocument({
    verdict,
    subject: {
      target: `client: ${result.clientName ?? adapter}`,
      walletAddresses: { client: ase.client.walletAddress, ...ase.plan.walletAddresses },
      suite: suiteIdentity(CLIENT_MODE_PARTS),
      spec: specIdentity(),
      consentDrivers: [CONSENT],
      finishedAt: new Date().toISOString(),
      latency: [],
    },
    // Replaced below, once the exit status is known.
    runStatus: 'failed',
    otherFailures: [],
    evidence: result.evidence,
    baseline,
    client: subject,
  })
  const document = {
    ...built,
    headline: headline(verdict),
    // The run passed when its exit status says so: a CONFORMANT page never says "Run: failed" (a failed judgement
    // of a beyond-spec rule is a warning), nor an INCOMPLETE one "passed".
    runStatus: built.exitCode === EXIT.conformant ? 'passed' : 'failed',
    subject,
  }
  const verdictDir = join(dir, 'verdict')
  const exchangesDir = join(dir, 'exchanges')
  for (const folder of [verdictDir, exchangesDir]) {
    rmSync(folder, { recursive: true, force: true })
    mkdirSync(folder, { recursive: true })
  }
  writeFileSync(join(verdictDir, 'verdict.json'), `${JSON.stringify(document, null, 2)}\n`)
  writeFileSync(join(verdictDir, 'verdict.md'), renderVerdictMarkdown(document))
  writeFileSync(join(verdictDir, 'verdict.html'), renderVerdictHtml(document))
  writeFileSync(join(verdictDir, 'junit.xml'), renderJunit(document))
  writeFileSync(join(verdictDir, RECORDS_FILE), recordsFileText('client', result.records, options))
  for (const { scenario, label } of result.runs) {
    const exchanges = ase.recorder.of(label)
    const text = exchanges.map(
      (e) =>
        `## request #${e.seq} (${e.server} server, +${e.receivedAt - exchanges[0]!.receivedAt} ms)${e.fault ? ` fault: ${e.fault}` : ''}\n${formatExchange(e)}`,
    )
    writeFileSync(join(exchangesDir, `${scenario.name}.txt`), `${text.join('\n')}\n`)
  }
  return document
}

/** The console lines: the headline, each tier's counts and what did not pass, then what the baseline made of it. */
export function verdictLines(document: ClientVerdictDocument): string[] {
  return [`\n${document.headline}`, ...summaryLines(document), ...baselineLines(document)]
}
