import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { readZip } from '../../conformance/harness/http/zip-entries.ts'
import { FAILURE_TRACES_ENV } from '../../conformance/harness/rules/kept-worker.ts'
import { TOKEN_LOG_ENV } from '../../settings/run-settings.ts'

const ROOT = new URL('../..', import.meta.url).pathname

/**
 * The mutant `rotation-keeps-old-token` of reference-run/mutants/gnap-mutants.ts: rotation leaves the old token
 * working, so the rotation test fails and Playwright keeps its trace, which records the tokens it sent.
 */
const MUTANT = {
  file: 'reference-server/src/access-tokens/service.ts',
  find: '    await revokeAccessToken(trx, tokenId, new Date())\n',
}
/** The failing test, and an interactive grant with its continuation, which passes. */
const GREP = '@TOKEN-ROTATE|accept: the finish redirect proves the nonces'

/** The checkout's files as they are now (committed or not, ignored ones left out), with the mutant's edit, sharing node_modules. */
function mutatedCopy(dir: string): string {
  const copy = join(dir, 'tree')
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).split('\0')
  for (const file of files.filter((name) => name && existsSync(join(ROOT, name))))
    cpSync(join(ROOT, file), join(copy, file))
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'))
  const service = join(copy, MUTANT.file)
  const source = readFileSync(service, 'utf8')
  assert.ok(source.includes(MUTANT.find), `${MUTANT.file} no longer holds the mutant's line: update MUTANT`)
  writeFileSync(service, source.replace(MUTANT.find, ''))
  return copy
}

/** Every file under `dir` as text, each zip and tar.gz archive unpacked (a zip inside a zip too). */
function filesUnder(dir: string): [string, string][] {
  return readdirSync(dir).flatMap((name): [string, string][] => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return filesUnder(path)
    if (name.endsWith('.tar.gz')) {
      const unpacked = `${path}.unpacked`
      mkdirSync(unpacked)
      assert.equal(spawnSync('tar', ['-xzf', path, '-C', unpacked]).status, 0, `${path} does not unpack`)
      return filesUnder(unpacked)
    }
    if (name.endsWith('.zip')) return zipEntries(path, readFileSync(path))
    return [[path, readFileSync(path, 'latin1')]]
  })
}

function zipEntries(where: string, archive: Buffer): [string, string][] {
  return readZip(archive).flatMap(({ name, data }): [string, string][] =>
    name.endsWith('.zip')
      ? zipEntries(`${where}!${name}`, data)
      : [[`${where}!${name}`, data.toString('latin1')]],
  )
}

/**
 * A real failing run against the reference server, with one bug injected: no token value the run handled may be
 * in the console or in any file the run wrote (reports, test-results, traces, Allure attachments, the archive),
 * each archive unpacked. (That a failing test's exchanges show fingerprints instead is
 * conformance/unit-tests/redact-tokens.test.ts; the traces, conformance/unit-tests/redact-trace.test.ts.)
 */
describe('token redaction', () => {
  test('no token value of a failing run reaches the console or any file it writes', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'op-conformance-redaction-'))
    try {
      const copy = mutatedCopy(dir)
      const tokenLog = join(dir, 'tokens.txt')
      const output = join(dir, 'out')
      const run = spawnSync('node', ['cli/op-conformance.mjs', 'run', '--output', output, '--grep', GREP], {
        cwd: copy,
        encoding: 'utf8',
        // With the traces of failed tests, which hold the requests the test sent.
        env: { ...process.env, [TOKEN_LOG_ENV]: tokenLog, [FAILURE_TRACES_ENV]: '1' },
      })
      const printed = run.stdout + run.stderr
      assert.match(printed, /1 failed/, `the mutant did not make its test fail:\n${printed}`)
      assert.ok(existsSync(tokenLog), `the run saw no token:\n${printed}`)
      const tokens = [...new Set(readFileSync(tokenLog, 'utf8').split('\n').filter(Boolean))]

      const scanned: [string, string][] = [['console', printed], ...filesUnder(output)]
      assert.ok(
        scanned.some(([where]) => /trace\.zip!.*\.network$/.test(where)),
        'the failing test left no trace to scan',
      )
      for (const [where, text] of scanned) {
        for (const token of tokens) assert.ok(!text.includes(token), `${where} holds a token value`)
        assert.doesNotMatch(
          text,
          /«token sha256:[0-9a-f]{12}» sha256/,
          `${where}: a fingerprint redacted twice`,
        )
      }
      t.diagnostic(
        `${scanned.length} files scanned (archives unpacked) for ${tokens.length} token values: 0 found`,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
