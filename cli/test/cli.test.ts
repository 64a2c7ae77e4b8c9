import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'

const ROOT = new URL('../..', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'op-conformance-cli-'))
const opConformance = (...args: string[]) =>
  spawnSync('node', ['cli/op-conformance.mjs', ...args], { cwd: ROOT, encoding: 'utf8' })

const badTarget = join(dir, 'bad.json')
writeFileSync(
  badTarget,
  JSON.stringify({
    name: 'three mistakes',
    walletAddresses: { sender: '/alice', receiver: 'https://ase.test/bob' },
    client: { serveLocally: true },
    waits: { expirySeconds: 0 },
    consent: { driver: 'carrier pigeon' },
  }),
)

describe('op-conformance', () => {
  test('--help documents every option, the reports and the exit codes', () => {
    const help = opConformance('--help')
    assert.equal(help.status, 0)
    for (const text of [
      '--target FILE',
      '--grep',
      '--output DIR',
      '--shard I/N',
      '--baseline FILE',
      '--quick',
      'rules',
      'validate [--live] FILE',
      'verdict.html',
      'junit.xml',
      'npx --no-install allure open',
      '0       CONFORMANT',
      '1       NOT CONFORMANT',
      '2       (no verdict)',
      '3       INCOMPLETE',
      '4       NO VERDICT',
      '5       INTERRUPTED',
    ])
      assert.ok(help.stdout.includes(text), `--help mentions ${text}`)
    assert.equal(opConformance('run', '--help').stdout, help.stdout)
  })

  test('validate: a target file with three mistakes gives three field-named errors and exit status 2', () => {
    const result = opConformance('validate', badTarget)
    assert.equal(result.status, 2)
    const problems = result.stderr.split('\n').filter((line) => line.startsWith('  - '))
    assert.deepEqual(problems, [
      '  - walletAddresses.sender: must be an absolute http(s) URL (got "/alice")',
      '  - consent.driver: must be one of "browser", "http"',
      '  - waits.expirySeconds: must be >= 1',
    ])
  })

  test('a run that cannot start runs nothing and points at no report, not even an earlier one', () => {
    const output = join(dir, 'out')
    mkdirSync(join(output, 'verdict'), { recursive: true })
    writeFileSync(join(output, 'verdict', 'verdict.json'), '{"headline":"CONFORMANT (another target)"}')
    const result = opConformance('run', '--target', badTarget, '--output', output)
    assert.equal(result.status, 2)
    assert.doesNotMatch(result.stdout + result.stderr, /Reports:|verdict\.json/)
  })

  test('mistakes on the command line are named, with exit status 2', () => {
    const unknown = opConformance('certify')
    assert.equal(unknown.status, 2)
    assert.match(unknown.stderr, /unknown command "certify"/)
    assert.match(opConformance('run', '--shard', '0/2').stderr, /--shard: expected I\/N/)
    assert.match(
      opConformance('run', '--baseline', join(dir, 'none.json')).stderr,
      /baseline .*none\.json is invalid:\n {2}- file not found/,
    )
  })
})

describe('op-conformance rules, and --help on every command', () => {
  test('every command answers --help with its usage, exit status 0', () => {
    for (const command of ['run', 'rules', 'validate', 'merge', 'init']) {
      const help = opConformance(command, '--help')
      assert.equal(help.status, 0, `${command} --help: ${help.stderr}`)
      assert.match(help.stdout, /Usage:/, command)
    }
  })

  test('rules: one line per rule; RULE-ID: that rule with its tests and its proof; --json as JSON', () => {
    // Each lists the suite's tests with Playwright (seconds): four calls, one after the other.
    const [all, one, json, proven] = [
      opConformance('rules'),
      opConformance('rules', 'WA-DOC'),
      opConformance('rules', 'WA-DOC', '--json'),
      opConformance('rules', 'SIG-DIGEST'),
    ]
    const lines = all.stdout.trim().split('\n')
    const count = Number(/^(\d+) rules;/m.exec(all.stdout)?.[1])
    assert.ok(count > 50, all.stdout.slice(-300))
    assert.equal(lines.length, count + 2, 'one line per rule, a blank line and the total')
    assert.match(all.stdout, /^WA-DOC +MUST +beyond-spec +\d+ tests? +\S/m)
    assert.match(
      one.stdout,
      /^WA-DOC {2}MUST {2}beyond-spec\n {2}.+\n {2}section: .+\n {2}passes only when its one clause holds:\n {2}- WA-DOC#statement: .+\n( {6}(caught|tolerates): .+\n)* {2}(proof that it can fail|no mutant made it fail|no proof).+\n {2}checked by \d+ tests?:\n {2}- /,
    )
    const row = JSON.parse(json.stdout)
    assert.equal(row.id, 'WA-DOC')
    assert.ok(row.tests.length > 0)
    assert.equal(row.proof.clauses[0].ref, 'WA-DOC#statement')
    // The issue's own example: what proves that a PASS of SIG-DIGEST means something (reports/rule-proof.jsonl).
    assert.match(proven.stdout, /^ {6}caught: .+ \((signature )?mutant .+\)$/m)
    assert.match(
      proven.stdout,
      /^ {2}proof that it can fail: the catalogues run on (commit|\d+ commits, the latest) [0-9a-f]{12} /m,
    )
  })

  test('rules: an unknown rule is named, with the likeliest one', () => {
    const unknown = opConformance('rules', 'WA-DCO')
    assert.equal(unknown.status, 2)
    assert.match(unknown.stderr, /no rule WA-DCO; did you mean WA-DOC\?/)
  })
})
