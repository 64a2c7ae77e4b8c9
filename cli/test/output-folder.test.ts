import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { reportPaths } from '../../settings/run-settings.ts'
import { claimOutputFolder, HELD_DIR, holdPreviousReports, LOCK_FILE } from '../output-folder.ts'
import { UsageError } from '../run-options.ts'

const ROOT = new URL('../..', import.meta.url).pathname

/** Another live process holding `dir`, as a second run on the machine would: its pid is in the lock. */
function heldByAnother(dir: string) {
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, LOCK_FILE), String(other.pid))
  return other
}

describe('output folder: two runs never write one', () => {
  test('the default folder, free: this run holds it, with its pid', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'op-output-')), 'output')
    assert.deepEqual(claimOutputFolder(dir), { dir })
    assert.equal(readFileSync(join(dir, LOCK_FILE), 'utf8'), String(process.pid))
  })

  test('the default folder, held by a running process: the next free one, and a line that says so', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'op-output-')), 'output')
    const other = heldByAnother(dir)
    try {
      const claimed = claimOutputFolder(dir)
      assert.equal(claimed.dir, `${dir}-2`)
      assert.match(
        claimed.moved ?? '',
        new RegExp(`output is in use by another run \\(pid ${other.pid}\\): this run writes to .*output-2$`),
      )
    } finally {
      other.kill()
    }
  })

  test('a folder the user named, held: stops the run naming the setting', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'op-output-')), 'mine')
    const other = heldByAnother(dir)
    try {
      assert.throws(
        () => claimOutputFolder(dir, '--output'),
        (error: Error) =>
          error instanceof UsageError &&
          error.message ===
            `--output ${dir} is in use by another run (pid ${other.pid}): wait for it to end, or choose another --output`,
      )
    } finally {
      other.kill()
    }
  })

  test('a lock left by a run that was killed does not hold the folder', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'op-output-')), 'output')
    const other = heldByAnother(dir)
    other.kill()
    await new Promise((resolve) => other.once('exit', resolve))
    assert.deepEqual(claimOutputFolder(dir, '--output'), { dir })
  })

  test('the lock goes when the run ends', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'op-output-')), 'output')
    const script = `import { claimOutputFolder } from ${JSON.stringify(join(ROOT, 'cli/output-folder.ts'))}; claimOutputFolder(${JSON.stringify(dir)})`
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script])
    assert.equal(child.status, 0, String(child.stderr))
    assert.ok(existsSync(dir))
    assert.ok(!existsSync(join(dir, LOCK_FILE)))
  })
})

/** A folder with a previous run's reports, and a file of the user's beside them. */
function previousRun() {
  const paths = reportPaths(mkdtempSync(join(tmpdir(), 'op-output-')))
  mkdirSync(paths.verdict, { recursive: true })
  writeFileSync(join(paths.verdict, 'verdict.json'), 'previous')
  mkdirSync(paths.html, { recursive: true })
  writeFileSync(join(paths.html, 'index.html'), 'previous')
  writeFileSync(join(paths.root, 'notes.txt'), 'mine')
  return paths
}

/** Every file under the folder, with its content. */
function contents(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name)
        return [path.slice(dir.length + 1), readFileSync(path, 'utf8')]
      }),
  )
}

describe('output folder: a run never loses the reports it found', () => {
  test("held aside while the run starts: none of them is shown as this run's", () => {
    const paths = previousRun()
    holdPreviousReports(paths)
    assert.deepEqual(readdirSync(paths.root).sort(), [HELD_DIR, 'notes.txt'])
  })

  test('a run that could not start: the folder as it was, what it wrote gone', () => {
    const paths = previousRun()
    const before = contents(paths.root)
    const held = holdPreviousReports(paths)
    mkdirSync(paths.testResults, { recursive: true })
    writeFileSync(join(paths.testResults, 'partial.txt'), 'this run')
    mkdirSync(paths.html, { recursive: true })
    writeFileSync(join(paths.html, 'index.html'), 'this run')
    held.restore()
    assert.deepEqual(contents(paths.root), before)
  })

  test("a run with its own verdict: only its reports, beside the user's file", () => {
    const paths = previousRun()
    const held = holdPreviousReports(paths)
    mkdirSync(paths.verdict, { recursive: true })
    writeFileSync(join(paths.verdict, 'verdict.json'), 'this run')
    held.discard()
    assert.deepEqual(contents(paths.root), { 'notes.txt': 'mine', 'verdict/verdict.json': 'this run' })
  })

  test('a process that ends undecided (an error, a second Ctrl-C) puts them back', () => {
    const paths = previousRun()
    const before = contents(paths.root)
    const script =
      `import { holdPreviousReports } from ${JSON.stringify(join(ROOT, 'cli/output-folder.ts'))}\n` +
      `holdPreviousReports(${JSON.stringify(paths)})\nthrow new Error('the command failed')`
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script])
    assert.equal(child.status, 1)
    assert.deepEqual(contents(paths.root), before)
  })

  test('reports held by a run that was killed: back in place before the next run holds them', () => {
    const paths = previousRun()
    const before = contents(paths.root)
    holdPreviousReports(paths)
    // Killed: neither restore nor discard ran; it had written part of its reports.
    mkdirSync(paths.html, { recursive: true })
    writeFileSync(join(paths.html, 'index.html'), 'the killed run')
    holdPreviousReports(paths).restore()
    assert.deepEqual(contents(paths.root), before)
  })
})
