import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { claimOutputFolder, LOCK_FILE } from '../output-folder.ts'
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
