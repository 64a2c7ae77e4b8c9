import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, mock, test } from 'node:test'
import { writeClientReports } from '../../client-conformance/client-report.ts'
import { CLIENT_RULES } from '../../client-conformance/client-rules.ts'
import { scenarioFile } from '../../client-conformance/grade-scenario.ts'
import { SCENARIOS } from '../../client-conformance/scenarios.ts'
import { fakeAse } from '../../client-conformance/test/fake-run.ts'
import type { BaselineEntry } from '../../conformance/harness/rules/baseline-file.ts'
import { RULES } from '../../conformance/harness/rules/registry.ts'
import { renderJunit } from '../../reports/src/render-junit.ts'
import { renderVerdictMarkdown } from '../../reports/src/render-verdict.ts'
import { renderVerdictHtml } from '../../reports/src/render-verdict-html.ts'
import { readRuleProof } from '../../reports/src/rule-proof-file.ts'
import { specIdentity, suiteIdentity } from '../../reports/src/run-subject.ts'
import { computeVerdict, type TestRecord } from '../../reports/src/verdict.ts'
import {
  buildVerdictDocument,
  type Evidence,
  type VerdictDocument,
} from '../../reports/src/verdict-document.ts'
import { RECORDS_FILE, recordsFileText } from '../../reports/src/verdict-records.ts'
import { saw, sawEveryClause } from '../../reports/test/saw.ts'
import { CLIENT_MODE_PARTS, fileDigests } from '../digests.ts'
import { type ArchiveDigests, packEvidence } from '../evidence-archive.ts'
import { mannerLines, mergedManner, type RunManner } from '../run-manner.ts'
import { verifyCommand } from '../verify-command.ts'

const ROOT = new URL('../..', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'op-conformance-verify-test-'))
const WHOLE: RunManner = { command: 'run', arguments: [], quick: false, noStop: false }

/** A record per rule of the registry, each passing its check: a reference run in small. */
const everyRulePassing: TestRecord[] = RULES.filter((r) => !r.pending).map((rule) => ({
  title: `checks ${rule.id}`,
  file: 'conformance/tests/x.spec.ts',
  outcome: 'passed',
  rules: [rule.id],
  errors: [],
  warnings: [],
  observations: sawEveryClause(rule),
}))

const EXCHANGE = 'POST /incoming-payments\nContent-Digest: sha-256=:abc:\n\nHTTP/1.1 201 Created\n{"id":"x"}'
/** The same run where the server accepted a Content-Digest of another body. */
const digestFailing: TestRecord[] = everyRulePassing.map((r) =>
  r.rules[0] === 'SIG-DIGEST'
    ? {
        ...r,
        outcome: 'failed',
        errors: ['[SIG-DIGEST] a Content-Digest of another body: answered 201; the spec requires 400 or 401'],
        observations: [
          { rule: 'SIG-DIGEST', outcome: 'fail', line: 'answered 201', exchange: 'POST /x -> 201', count: 1 },
        ],
      }
    : r,
)

/** An archive as `run` writes it, from records: verdict.json and records.json, the target, how the run was made. */
function archiveOf(name: string, records: TestRecord[], manner = WHOLE, baseline?: BaselineEntry[]): string {
  const folder = join(dir, name)
  mkdirSync(join(folder, 'verdict'), { recursive: true })
  const baselineFile = join(folder, 'baseline.json')
  if (baseline) writeFileSync(baselineFile, JSON.stringify({ expectedFailures: baseline }))
  const evidence: Record<string, Evidence[]> = Object.fromEntries(
    records
      .filter((r) => r.outcome === 'failed')
      .map((r) => [r.title, [{ name: 'exchange', body: EXCHANGE }]]),
  )
  const built = buildVerdictDocument({
    verdict: computeVerdict(RULES, records),
    subject: {
      target: 'Example ASE',
      walletAddresses: { sender: 'https://ase.test/alice' },
      suite: suiteIdentity(),
      spec: specIdentity(),
      consentDrivers: ['http'],
      finishedAt: '2026-12-06T15:00:00.000Z',
      latency: [],
    },
    runStatus: 'passed',
    otherFailures: [],
    evidence,
    baseline: baseline && { file: baselineFile, expectedFailures: baseline },
  })
  // As the reporter writes it: the re-run lines' options, where the run was pointed at a target file.
  const document = { ...built, sameTarget: ['--target', 'ase.json'] }
  writeFileSync(join(folder, 'verdict', 'verdict.json'), `${JSON.stringify(document, null, 2)}\n`)
  writeFileSync(join(folder, 'verdict', RECORDS_FILE), recordsFileText('server', records))
  writeFileSync(join(folder, 'verdict', 'verdict.md'), renderVerdictMarkdown(document))
  writeFileSync(join(folder, 'verdict', 'verdict.html'), renderVerdictHtml(document, readRuleProof()))
  writeFileSync(join(folder, 'verdict', 'junit.xml'), renderJunit(document))
  return packEvidence(join(folder, 'conformance-evidence.tar.gz'), {
    folders: [{ name: 'verdict', path: join(folder, 'verdict') }],
    target: { name: 'Example ASE', client: { privateKey: 'secret' }, waits: { expirySeconds: 30 } },
    manner,
    baselineFile: baseline && baselineFile,
  })
}

/**
 * A copy of the archive with `change` made to its files; `forged` also writes the new files' digests into
 * digests.json, as one who meant to deceive would.
 */
function tampered(archive: string, name: string, change: (folder: string) => void, forged = false): string {
  const folder = join(dir, name)
  mkdirSync(folder, { recursive: true })
  assert.equal(spawnSync('tar', ['-xzf', archive, '-C', folder]).status, 0)
  change(folder)
  if (forged) {
    const list = JSON.parse(readFileSync(join(folder, 'digests.json'), 'utf8')) as ArchiveDigests
    const { 'digests.json': _, ...files } = fileDigests(folder)
    writeFileSync(join(folder, 'digests.json'), JSON.stringify({ ...list, files }))
  }
  const copy = join(dir, `${name}.tar.gz`)
  assert.equal(spawnSync('tar', ['-czf', copy, '-C', folder, '.']).status, 0)
  rmSync(folder, { recursive: true })
  return copy
}

function editJson<T>(file: string, edit: (value: T) => void): void {
  const value = JSON.parse(readFileSync(file, 'utf8')) as T
  edit(value)
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`)
}

/** `verify ARCHIVE` in this process: its exit status and everything it printed. */
function verify(archive: string): { status: number; output: string } {
  const printed: string[] = []
  const log = mock.method(console, 'log', (line: string) => printed.push(line))
  const error = mock.method(console, 'error', (line: string) => printed.push(line))
  const write = mock.method(process.stdout, 'write', (text: string) => printed.push(text) > 0)
  try {
    return { status: verifyCommand([archive]), output: printed.join('\n') }
  } finally {
    log.mock.restore()
    error.mock.restore()
    write.mock.restore()
  }
}

const reference = archiveOf('reference', everyRulePassing)
const failing = archiveOf('failing', digestFailing)
const filtered = archiveOf('filtered', everyRulePassing.slice(0, 5), {
  ...WHOLE,
  arguments: ['--grep', '@WA-DOC'],
})

describe('op-conformance verify', () => {
  test('the archive of a reference run is genuine and CONFORMANT, and its summary, suite and run are printed', () => {
    const { status, output } = verify(reference)
    assert.equal(status, 0, output)
    assert.match(
      output,
      /GENUINE: the files match their digests and the verdict follows from its evidence: CONFORMANT/,
    )
    assert.match(output, /# Open Payments conformance: Example ASE/)
    assert.match(output, /\| spec \| 61 \| 0 \| 0 \| 0 \| 0 \| 0 \|/)
    assert.match(output, /Suite: open-payments-conformance .*: the build running verify/)
    assert.match(output, /How: op-conformance run, the whole suite/)
    assert.match(output, /expiries waited for \(no --quick\)/)
    assert.match(output, /Target file: Example ASE; declares waits \{"expirySeconds":30\}/)
    assert.match(output, /Baseline: none/)
  })

  test('a NOT CONFORMANT archive is genuine too: exit 0, its verdict printed', () => {
    const { status, output } = verify(failing)
    assert.equal(status, 0, output)
    assert.match(output, /GENUINE: .*NOT CONFORMANT: 1 rule failed/)
  })

  test("one rule's status edited in verdict.json: the file and the rule are named", () => {
    const edit = (folder: string) =>
      editJson<VerdictDocument>(join(folder, 'verdict', 'verdict.json'), (d) => {
        d.rules.find((r) => r.rule.id === 'SIG-DIGEST')!.status = 'passed'
      })
    for (const forged of [false, true]) {
      const { status, output } = verify(tampered(failing, `status-edited-${forged}`, edit, forged))
      assert.equal(status, 1, output)
      assert.match(output, /NOT GENUINE/)
      assert.match(output, /SIG-DIGEST: verdict.json says PASS; its evidence \(records.json\) gives FAIL/)
      assert.match(output, /tiers.spec.passed: verdict.json counts 60, its rules list 61/)
      assert.equal(
        /verdict\/verdict.json: changed since the archive was written/.test(output),
        !forged,
        output,
      )
    }
  })

  test('one byte of an exchange changed: the file and the rule whose evidence it is are named', () => {
    const inVerdict = tampered(failing, 'exchange-byte', (folder) => {
      const file = join(folder, 'verdict', 'verdict.json')
      writeFileSync(file, readFileSync(file, 'utf8').replace('sha-256=:abc:', 'sha-256=:abd:'))
    })
    const verdictRun = verify(inVerdict)
    assert.equal(verdictRun.status, 1, verdictRun.output)
    assert.match(verdictRun.output, /verdict\/verdict.json: changed since the archive was written/)
    assert.match(verdictRun.output, /SIG-DIGEST: its evidence is not what it was judged on/)
    const inRecords = tampered(
      failing,
      'observation-byte',
      (folder) => {
        const file = join(folder, 'verdict', RECORDS_FILE)
        writeFileSync(file, readFileSync(file, 'utf8').replace('POST /x -> 201', 'POST /x -> 401'))
      },
      true,
    )
    const recordsRun = verify(inRecords)
    assert.equal(recordsRun.status, 1, recordsRun.output)
    assert.match(recordsRun.output, /SIG-DIGEST: its evidence is not what it was judged on/)
  })

  test("a filtered run's archive presented as full is named, even with its digests rewritten", () => {
    const { status: asIs, output: told } = verify(filtered)
    assert.equal(asIs, 0, told)
    assert.match(
      told,
      /How: op-conformance run, a filtered run: only part of the suite ran \(given: --grep @WA-DOC\)/,
    )
    const full = tampered(
      filtered,
      'filtered-as-full',
      (folder) =>
        editJson<VerdictDocument>(join(folder, 'verdict', 'verdict.json'), (d) => {
          d.scope = { filtered: false, rulesLeftOut: 0 }
          d.headline = 'CONFORMANT to all 5 spec rules checked'
          d.exitCode = 0
        }),
      true,
    )
    const { status, output } = verify(full)
    assert.equal(status, 1, output)
    assert.match(
      output,
      /scope: verdict.json presents a filtered run as the whole suite: its records hold tests of 5 rules, and 82 rules of the suite had no test in the run/,
    )
    assert.match(
      output,
      /headline: verdict.json says "CONFORMANT to all 5 spec rules checked"; the records give "NO VERDICT/,
    )
    assert.match(output, /summary.md: does not say what verdict.json says/)
  })

  test('a verdict page whose headline was edited is named, even with its digests rewritten', () => {
    const { status, output } = verify(
      tampered(
        failing,
        'page-edited',
        (folder) => {
          const page = join(folder, 'verdict', 'verdict.html')
          writeFileSync(
            page,
            readFileSync(page, 'utf8').replace('NOT CONFORMANT: 1 rule failed', 'CONFORMANT'),
          )
        },
        true,
      ),
    )
    assert.equal(status, 1, output)
    assert.match(output, /verdict\/verdict.html: does not say what verdict.json says$/m)
  })

  test('a file added, one removed, and a badge that claims more are each named', () => {
    const { status, output } = verify(
      tampered(failing, 'files', (folder) => {
        writeFileSync(join(folder, 'extra.txt'), 'more')
        rmSync(join(folder, 'target.json'))
        const badge = join(folder, 'badge.svg')
        writeFileSync(badge, readFileSync(badge, 'utf8').replaceAll('NOT CONFORMANT', 'CONFORMANT'))
      }),
    )
    assert.equal(status, 1, output)
    assert.match(output, /extra.txt: not in digests.json: added after the archive was written/)
    assert.match(output, /target.json: listed in digests.json, missing from the archive/)
    assert.match(output, /badge.svg: changed since the archive was written/)
    assert.match(output, /badge.svg: does not say what verdict.json says/)
  })

  test('the archive keeps no private key, and its badge says the verdict in one line', () => {
    const folder = join(dir, 'look')
    mkdirSync(folder)
    spawnSync('tar', ['-xzf', failing, '-C', folder])
    assert.doesNotMatch(readFileSync(join(folder, 'target.json'), 'utf8'), /secret/)
    assert.match(
      readFileSync(join(folder, 'badge.svg'), 'utf8'),
      /<title>Open Payments 1.3.0: Example ASE: NOT CONFORMANT · 60\/61 spec rules passed · suite 0.1.0 · 2026-12-06<\/title>/,
    )
  })

  test("a baseline's excuses are said by verify, the summary and the badge; none of them says CONFORMANT", () => {
    const excused = archiveOf('excused', digestFailing, WHOLE, [
      { rule: 'SIG-DIGEST', reason: 'digest check due in 2.1' },
    ])
    const { status, output } = verify(excused)
    assert.equal(status, 0, output)
    assert.match(
      output,
      /Baseline: baseline.json \(1 entries\): excused 1 failed or inconclusive rules \(SIG-DIGEST\)/,
    )
    assert.match(output, /- SIG-DIGEST: failed, expected \(digest check due in 2.1\)/)
    assert.match(output, /GENUINE: .*: NOT CONFORMANT: 1 rule failed/)
    const folder = join(dir, 'excused-look')
    mkdirSync(folder)
    spawnSync('tar', ['-xzf', excused, '-C', folder])
    assert.match(
      readFileSync(join(folder, 'badge.svg'), 'utf8'),
      /NOT CONFORMANT, accepted by its baseline \(1 excused\)/,
    )
  })

  test('verified by another build, a verdict its code computes otherwise is a mismatch said to be possibly its own', () => {
    // As that build would have written it: its digest in digests.json and in the summary.
    const otherBuild = (folder: string) => {
      let ours = ''
      editJson<ArchiveDigests>(join(folder, 'digests.json'), (list) => {
        ours = list.suite.sha256
        list.suite.sha256 = '0'.repeat(64)
      })
      const summary = join(folder, 'summary.md')
      writeFileSync(summary, readFileSync(summary, 'utf8').replace(ours, '0'.repeat(64)))
    }
    const same = verify(tampered(failing, 'other-build', otherBuild, true))
    assert.equal(same.status, 0, same.output)
    assert.match(same.output, /the same version, another build \(this is open-payments-conformance/)
    assert.match(
      same.output,
      /GENUINE: .* \(as this build, another than the archive's, computes it\): NOT CONFORMANT/,
    )
    const edited = tampered(
      failing,
      'other-build-edited',
      (folder) => {
        otherBuild(folder)
        editJson<VerdictDocument>(join(folder, 'verdict', 'verdict.json'), (d) => {
          d.rules.find((r) => r.rule.id === 'SIG-DIGEST')!.failures = []
        })
      },
      true,
    )
    const { status, output } = verify(edited)
    assert.equal(status, 1, output)
    assert.match(
      output,
      /by this build's verdict code, not the archive's: the suite's change or the archive's\): SIG-DIGEST: verdict.json's entry of the rule is not what its evidence gives, at .failures/,
    )
  })

  test('a merge names its shards, and a shard left out', () => {
    const shard = (index: number): RunManner => ({ ...WHOLE, shard: { index, total: 3 } })
    const lines = mannerLines({ ...WHOLE, command: 'merge', shards: [shard(1), shard(2)] }, true).join('\n')
    assert.match(lines, /How: op-conformance merge, a filtered run/)
    assert.match(lines, /merged from 2 shards: 1\/3, 2\/3; missing: 3\/3/)
    const unknown = mannerLines(mergedManner([dir]), false).join('\n')
    assert.match(unknown, /not recorded for 1 of the shards \(no run.json in their folders\)/)
    assert.doesNotMatch(unknown, /no --quick/)
  })

  test("a client mode's archive is checked against the client rules", () => {
    const folder = join(dir, 'client')
    const runs = SCENARIOS.map((scenario) => ({
      scenario,
      label: scenario.name,
      run: { redirects: [], stderr: '', durationMs: 0, stoppedAfterSilence: false },
      requests: 1,
    }))
    const records = CLIENT_RULES.filter((rule) => !rule.pending).map(
      (rule): TestRecord => ({
        ...everyRulePassing[0]!,
        title: `payment-flow: ${rule.id}`,
        file: scenarioFile('payment-flow'),
        rules: [rule.id],
        observations: saw([rule.id]),
      }),
    )
    writeClientReports(folder, fakeAse, 'adapter', { records, evidence: {}, runs })
    const archive = packEvidence(join(folder, 'conformance-evidence.tar.gz'), {
      folders: [
        { name: 'verdict', path: join(folder, 'verdict') },
        { name: 'exchanges', path: join(folder, 'exchanges') },
      ],
      manner: { command: 'client', arguments: [], quick: false, noStop: false },
      suiteParts: CLIENT_MODE_PARTS,
    })
    const genuine = verify(archive)
    assert.equal(genuine.status, 0, genuine.output)
    assert.match(genuine.output, /How: op-conformance client, every scenario/)
    assert.match(genuine.output, /GENUINE: .*CONFORMANT/)
    const edited = verify(
      tampered(archive, 'client-edited', (unpacked) =>
        editJson<VerdictDocument>(join(unpacked, 'verdict', 'verdict.json'), (d) => {
          d.rules[0]!.status = 'failed'
        }),
      ),
    )
    assert.equal(edited.status, 1, edited.output)
    const exchange = verify(
      tampered(archive, 'client-exchange', (unpacked) =>
        writeFileSync(join(unpacked, 'exchanges', 'payment-flow.txt'), '## request #1\nPOST /x -> 201\n'),
      ),
    )
    assert.equal(exchange.status, 1, exchange.output)
    assert.match(
      exchange.output,
      /exchanges\/payment-flow.txt: changed since the archive was written .*: the exchanges scenario payment-flow judged CL-/,
    )
    assert.match(
      edited.output,
      new RegExp(
        `${records[0]!.rules[0]}: verdict.json says FAIL; its evidence \\(records.json\\) gives PASS`,
      ),
    )
  })

  test('records that parse but are not records are a mismatch, never a crash', () => {
    const { status, output } = verify(
      tampered(failing, 'not-records', (folder) =>
        writeFileSync(join(folder, 'verdict', RECORDS_FILE), JSON.stringify({ mode: 'server', records: 7 })),
      ),
    )
    assert.equal(status, 1, output)
    assert.match(output, /verdict\/records.json: changed since the archive was written/)
    assert.match(output, /not in the form the suite writes/)
  })

  test('what is not an archive exits 2, through the command line', () => {
    const notArchive = join(dir, 'not-an-archive.tar.gz')
    writeFileSync(notArchive, 'plain text')
    const run = spawnSync('node', ['cli/op-conformance.mjs', 'verify', notArchive], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    assert.equal(run.status, 2, run.stderr)
    assert.match(run.stderr, /cannot be verified: not a .tar.gz/)
    const help = spawnSync('node', ['cli/op-conformance.mjs', 'verify', '--help'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    assert.equal(help.status, 0)
    assert.match(
      help.stdout,
      /Exit status: 0 genuine \(whatever its verdict: printed\), 1 a mismatch \(each named\), 2 not/,
    )
    const empty = tampered(failing, 'no-verdict', (folder) =>
      rmSync(join(folder, 'verdict'), { recursive: true }),
    )
    assert.equal(verify(empty).status, 2)
  })
})
