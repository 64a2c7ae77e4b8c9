import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { REPORT_DIR_ENV, SHARD_ENV, TARGET_ENV } from '../../settings/run-settings.ts'
import type { VerdictDocument } from '../src/verdict-document.ts'
import { writeFixtureTarget } from './shard-fixture/fixture-target.ts'

const ROOT = new URL('../..', import.meta.url).pathname
const CONFIG = 'reports/test/shard-fixture/playwright.config.ts'
const dir = mkdtempSync(join(tmpdir(), 'sharding-'))
const target = writeFixtureTarget(dir)

function playwright(output: string, extra: string[], env: NodeJS.ProcessEnv = {}) {
  return spawnSync('npx', ['playwright', 'test', '--config', CONFIG, ...extra], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, [REPORT_DIR_ENV]: output, [TARGET_ENV]: target, ...env },
  })
}

/** What a verdict decides, without when it was written. */
function decided(output: string) {
  const v = JSON.parse(readFileSync(join(output, 'verdict', 'verdict.json'), 'utf8')) as VerdictDocument
  return {
    headline: v.headline,
    exitCode: v.exitCode,
    tiers: v.tiers,
    levels: v.levels,
    tests: v.tests,
    rules: v.rules.map((r) => ({
      id: r.rule.id,
      status: r.status,
      failures: [...r.failures].sort(),
      failedIn: [...r.failedIn].sort(),
      warnings: [...r.warnings].sort(),
      reasons: [...r.reasons].sort(),
      tests: r.tests.map((t) => `${t.title} ${t.outcome}`).sort(),
    })),
  }
}

/** Files of a run's published reports (the raw Allure results and the verdict) that name this checkout. */
function machinePathsIn(output: string): string[] {
  return ['allure-results', 'verdict']
    .flatMap((folder) =>
      readdirSync(join(output, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name)),
    )
    .filter((file) => readFileSync(file, 'utf8').includes(ROOT))
}

describe('sharding', () => {
  test('two shards merged give the verdict of one run', () => {
    const whole = join(dir, 'whole')
    assert.equal(playwright(whole, []).status, 1, 'the fixture has failing tests')
    for (const shard of [1, 2]) {
      const run = playwright(join(dir, `shard-${shard}`), [`--shard=${shard}/2`], {
        [SHARD_ENV]: `${shard}/2`,
      })
      assert.ok(run.status === 0 || run.status === 1, run.stderr)
    }
    const merged = join(dir, 'merged')
    const merge = spawnSync(
      'npx',
      [
        'tsx',
        'cli/main.ts',
        'merge',
        '--output',
        merged,
        '--target',
        target,
        join(dir, 'shard-1'),
        join(dir, 'shard-2'),
      ],
      { cwd: ROOT, encoding: 'utf8' },
    )
    assert.equal(merge.status, 1, `the merged verdict fails as the whole run's does\n${merge.stderr}`)
    const one = decided(whole)
    assert.match(one.headline, /^NOT CONFORMANT: 2 rules failed, 0 inconclusive/)
    assert.equal(one.tests.passed + one.tests.failed + one.tests.skipped, 9)
    // The first stage ran in both shards, and is one test of the run; no reporter fails in the merge (Allure did).
    assert.doesNotMatch(`${merge.stdout}${merge.stderr}`, /TypeError|Error in reporter/)
    assert.deepEqual(decided(merged), one)
    assert.deepEqual(
      [...machinePathsIn(whole), ...machinePathsIn(merged)],
      [],
      'failures name no path of this machine',
    )
  })
})
