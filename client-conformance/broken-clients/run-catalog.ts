import { headline as headlineOf } from '../../reports/src/headline.ts'
import { clientVerdict } from '../client-verdict.ts'
import { runClientSuite } from '../run-client-suite.ts'
import { SCENARIOS } from '../scenarios.ts'
import { startSimulatedAse } from '../simulated-ase.ts'
import { brokenEntries, type CatalogEntry, CORRECT_CLIENTS } from './catalog.ts'

/**
 * `npm run client:catalog -- [--correct] [--scenario NAMES] [DEFECT...]`: runs clients against one simulated
 * ASE and checks each verdict: a correct client fails no rule, a broken one fails the rule it breaks and, of the others, only those its entry
 * names as consequences. Without
 * arguments, the correct clients on every scenario and every broken client. Prints one row per client.
 */
const args = process.argv.slice(2)
const correctOnly = args.includes('--correct')
const scenarioAt = args.indexOf('--scenario')
const onlyScenarios = scenarioAt === -1 ? undefined : args[scenarioAt + 1]!.split(',')
const ids = args.filter((arg, i) => !arg.startsWith('--') && (scenarioAt === -1 || i !== scenarioAt + 1))
const broken = brokenEntries()
const unknown = ids.filter((id) => !broken.some((entry) => entry.name === id))
if (unknown.length > 0) {
  console.error(
    `unknown broken clients: ${unknown.join(', ')}; known: ${broken.map((e) => e.name).join(', ')}`,
  )
  process.exit(2)
}
const entries: CatalogEntry[] = [
  ...(ids.length === 0 ? CORRECT_CLIENTS : []),
  ...(correctOnly ? [] : broken.filter((entry) => ids.length === 0 || ids.includes(entry.name))),
]

const started = Date.now()
const root = new URL('../..', import.meta.url).pathname
const ase = await startSimulatedAse(process.env, root).catch((error: Error) => {
  console.error(`the simulated ASE did not start: ${error.message}`)
  process.exit(2)
})
const rows: string[] = []
let mismatches = 0
try {
  for (const entry of entries) {
    const names =
      entry.scenarios.length > 0 ? entry.scenarios : (onlyScenarios ?? SCENARIOS.map((s) => s.name))
    const t = Date.now()
    console.log(`${entry.name}: ${entry.adapter}`)
    const result = await runClientSuite(ase, {
      adapter: entry.adapter,
      cwd: root,
      scenarios: SCENARIOS.filter((s) => names.includes(s.name)),
      timeoutMs: 60_000,
      log: (line) => console.log(line),
    })
    // The verdict the client's report would give (a run of some scenarios: NO VERDICT, unless a spec rule failed).
    const verdict = clientVerdict(result, names.length < SCENARIOS.length)
    const headline = headlineOf(verdict)
    const failing = verdict.rules.filter((r) => r.status === 'failed' || r.status === 'inconclusive')
    const ids = failing.map((r) => r.rule.id)
    // A broken client fails the rule it breaks and what its entry says follows from it: any other would be false.
    const expected = entry.breaks ? [entry.breaks, ...entry.also] : []
    const others = ids.filter((id) => id !== entry.breaks)
    const headlineOk = entry.headline === undefined || headline.startsWith(entry.headline)
    if (entry.headline) console.log(`  ${headline}${headlineOk ? '' : `\n  expected: ${entry.headline}...`}`)
    const ok = headlineOk && [...new Set(ids)].sort().join(' ') === [...new Set(expected)].sort().join(' ')
    if (!ok) {
      mismatches++
      // What the failing checks said, so that an unexpected verdict can be understood from the log alone.
      for (const record of result.records.filter((r) => r.outcome === 'failed'))
        for (const error of record.errors)
          console.log(`    ${record.rules.join(' ')}: ${error.slice(0, 600)}`)
      for (const { run } of result.runs)
        if (run.stderr.trim()) console.log(`    adapter stderr: ${run.stderr.trim().slice(-800)}`)
    }
    const decided = entry.breaks
      ? `${entry.breaks} ${ids.includes(entry.breaks) ? 'failed' : 'NOT failed'}`
      : ids.length === 0
        ? 'no rule failed'
        : `failed: ${ids.join(' ')}`
    rows.push(
      `| ${entry.name} | ${names.length === SCENARIOS.length ? 'every scenario' : names.join(', ')} | ${headline.split(':')[0]} | ${decided}${entry.breaks && others.length ? ` (also ${others.join(' ')})` : ''} | ${((Date.now() - t) / 1000).toFixed(0)} s | ${ok ? 'ok' : 'MISMATCH'} |`,
    )
  }
} finally {
  await ase.close()
}
console.log(
  [
    '',
    '| client | scenarios | verdict | deciding rule | time | expected? |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
)
console.log(
  `\n${entries.length} clients in ${((Date.now() - started) / 1000).toFixed(0)} s, ${mismatches} mismatches`,
)
process.exit(mismatches > 0 ? 1 : 0)
