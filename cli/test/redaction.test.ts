import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { reportPaths, TOKEN_LOG_ENV } from '../../settings/run-settings.ts'

const ROOT = new URL('../..', import.meta.url).pathname

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

/**
 * A real small run against the reference server: one GNAP test, with an interactive grant, its continuation and
 * token management. No token value the run saw may appear in the console, the reports or the evidence archive.
 * (That a failing test's exchanges show fingerprints instead is conformance/unit-tests/redact-tokens.test.ts.)
 */
describe('token redaction', () => {
  test('no token value of a real run reaches the console, a report or the archive', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-conformance-redaction-'))
    const tokenLog = join(dir, 'tokens.txt')
    const output = join(dir, 'out')
    const run = spawnSync(
      'node',
      [
        'cli/op-conformance.mjs',
        'run',
        '--output',
        output,
        '--grep',
        'accept: the finish redirect proves the nonces',
      ],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, [TOKEN_LOG_ENV]: tokenLog },
      },
    )
    assert.ok(existsSync(tokenLog), `the run saw no token:\n${run.stdout}\n${run.stderr}`)
    const tokens = [...new Set(readFileSync(tokenLog, 'utf8').split('\n').filter(Boolean))]
    assert.ok(tokens.length > 0)

    const paths = reportPaths(output)
    const unpacked = join(dir, 'archive')
    mkdirSync(unpacked)
    assert.equal(spawnSync('tar', ['-xzf', paths.archive, '-C', unpacked]).status, 0)
    const scanned: [string, string][] = [
      ['console', run.stdout + run.stderr],
      ...[unpacked, paths.verdict, paths.allureResults, paths.html]
        .filter(existsSync)
        .flatMap(filesUnder)
        .filter((file) => !file.endsWith('.zip'))
        .map((file): [string, string] => [file, readFileSync(file, 'latin1')]),
    ]
    for (const [where, text] of scanned) {
      for (const token of tokens) assert.ok(!text.includes(token), `${where} holds a token value`)
    }
    assert.ok(!readdirSync(join(unpacked, 'html')).some((name) => name.endsWith('.zip')))
  })
})
