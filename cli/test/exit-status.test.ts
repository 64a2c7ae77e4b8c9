import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { computeVerdict, type TestRecord } from '../../reports/src/verdict.ts'
import { buildVerdictDocument } from '../../reports/src/verdict-document.ts'
import { SAMPLE_RECORDS, SAMPLE_RULES, SAMPLE_SUBJECT } from '../../reports/test/sample-verdict.ts'
import { saw } from '../../reports/test/saw.ts'
import { reportPaths } from '../../settings/run-settings.ts'
import { holdPreviousReports } from '../output-folder.ts'
import { finishReports } from '../run-command.ts'

const ROOT = new URL('../..', import.meta.url).pathname
const opConformance = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync('node', ['cli/op-conformance.mjs', ...args], { cwd: ROOT, encoding: 'utf8', env })

/** The exit status `run` and `merge` give for the verdict the records make (written, then read back). */
async function exitFor(
  records: TestRecord[],
  expectedUntested: { rule: string; reason: string }[] = [],
  runStatus = 'passed',
): Promise<number> {
  const paths = reportPaths(mkdtempSync(join(tmpdir(), 'op-conformance-exit-')))
  const held = holdPreviousReports(paths)
  const document = buildVerdictDocument({
    verdict: computeVerdict(SAMPLE_RULES, records),
    subject: SAMPLE_SUBJECT,
    runStatus,
    otherFailures: [],
    evidence: {},
    baseline: { file: 'b.json', expectedFailures: [], expectedUntested },
  })
  mkdirSync(paths.verdict, { recursive: true })
  writeFileSync(join(paths.verdict, 'verdict.json'), JSON.stringify(document))
  return finishReports(
    paths,
    { ...process.env, CONFORMANCE_TARGET: join(paths.root, 'none.json') },
    1,
    held,
    {
      command: 'run',
      arguments: [],
      quick: false,
      noStop: false,
    },
  )
}

// The sample with its failure fixed: TOKEN-EXPIRY (MUST) stays skipped.
const passing = SAMPLE_RECORDS.map(
  (r): TestRecord =>
    r.outcome === 'failed' ? { ...r, outcome: 'passed', errors: [], observations: saw(r.rules) } : r,
)
const everyRulePassing: TestRecord[] = SAMPLE_RULES.filter((r) => !r.pending).map((rule) => ({
  title: rule.id,
  file: 'x.spec.ts',
  outcome: 'passed',
  rules: [rule.id],
  errors: [],
  warnings: [],
  observations: saw([rule.id]),
}))

describe('exit statuses', () => {
  test('0: CONFORMANT', async () => {
    assert.equal(await exitFor(everyRulePassing), 0)
  })

  test('1: NOT CONFORMANT', async () => {
    assert.equal(await exitFor(SAMPLE_RECORDS), 1)
  })

  test('3: INCOMPLETE (a MUST rule not tested), 0 when the baseline accepts the gap', async () => {
    assert.equal(await exitFor(passing), 3)
    assert.equal(await exitFor(passing, [{ rule: 'TOKEN-EXPIRY', reason: 'tokens live 600 s' }]), 0)
  })

  test('4: NO VERDICT (a filtered run)', async () => {
    assert.equal(await exitFor(passing.slice(0, 1)), 4)
  })

  test('5: INTERRUPTED, whatever the tests that ended decided', async () => {
    assert.equal(await exitFor(SAMPLE_RECORDS, [], 'interrupted'), 5)
    assert.equal(await exitFor(everyRulePassing, [], 'interrupted'), 5)
  })

  test('2: an option Playwright does not know, and a --grep that matches no test', () => {
    const output = mkdtempSync(join(tmpdir(), 'op-conformance-exit-'))
    const unknown = opConformance(['run', '--output', output, '--no-such-option'])
    assert.equal(unknown.status, 2, unknown.stderr)
    assert.match(unknown.stderr, /unknown option/)
    const nothing = opConformance(['run', '--output', output, '--grep', '@NO-SUCH-RULE', '--list'])
    assert.equal(nothing.status, 2, nothing.stderr)
    assert.match(nothing.stderr, /No tests found/)
  })

  test('2: bench when the reference server cannot start, with its message and no stack trace', () => {
    // Nothing listens on port 1, so the server exits at once with its own message.
    const env = {
      ...process.env,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      REFERENCE_PORT: '6190',
    }
    const failed = opConformance(['bench', '--duration', '1'], env)
    assert.equal(failed.status, 2, failed.stderr)
    assert.match(failed.stderr, /reference-server: could not start/)
    assert.match(
      failed.stderr,
      /op-conformance: the reference server did not start \(exit 1; its message is above\)/,
    )
    assert.doesNotMatch(failed.stderr, /\n\s+at /)
  })
})
