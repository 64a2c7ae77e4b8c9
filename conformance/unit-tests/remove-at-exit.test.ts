import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'

const HELPER = new URL('../harness/run/remove-at-exit.ts', import.meta.url).pathname

/** A process that registers a new folder, says so, and then ends as `end` says. */
async function processThat(
  end: 'exits' | 'waits',
): Promise<{ folder: string; child: ReturnType<typeof spawn> }> {
  const folder = mkdtempSync(join(tmpdir(), 'op-remove-at-exit-'))
  const script =
    `const { removeAtExit } = await import(${JSON.stringify(HELPER)}); removeAtExit(${JSON.stringify(folder)});` +
    `console.log('ready'); ${end === 'waits' ? 'setInterval(() => {}, 1000)' : ''}`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await once(child.stdout!, 'data')
  return { folder, child }
}

describe('removeAtExit', () => {
  test('removes the folder when the process exits', async () => {
    const { folder, child } = await processThat('exits')
    const [code] = await once(child, 'exit')
    assert.equal(code, 0)
    assert.equal(existsSync(folder), false)
  })

  for (const signal of ['SIGTERM', 'SIGHUP'] as const)
    test(`removes it on ${signal} (a cancelled CI job), and the process still ends by the signal`, async () => {
      const { folder, child } = await processThat('waits')
      child.kill(signal)
      const [, ended] = await once(child, 'exit')
      assert.equal(ended, signal)
      assert.equal(existsSync(folder), false)
    })
})
