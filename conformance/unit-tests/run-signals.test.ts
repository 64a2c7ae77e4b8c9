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

describe('stopAsOnSigint', () => {
  for (const signal of ['SIGTERM', 'SIGHUP'] as const)
    test(`${signal} reaches the run as SIGINT, which Playwright answers by stopping its workers and its server`, async () => {
      const helper = new URL('../harness/run/stop-as-on-sigint.ts', import.meta.url).pathname
      const script =
        `const { stopAsOnSigint } = await import(${JSON.stringify(helper)}); stopAsOnSigint();` +
        "process.on('SIGINT', () => { console.log('stopping as on Ctrl-C'); process.exit(0) });" +
        "console.log('ready'); setInterval(() => {}, 1000)"
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      let output = ''
      child.stdout!.on('data', (chunk) => (output += chunk))
      await once(child.stdout!, 'data')
      child.kill(signal)
      const [code] = await once(child, 'exit')
      assert.equal(code, 0)
      assert.match(output, /stopping as on Ctrl-C/)
    })
})
