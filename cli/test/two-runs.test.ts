import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, test } from 'node:test'
import { PROJECT_ADAPTER } from '../../client-conformance/broken-clients/catalog.ts'
import { DEFAULT_REPORT_DIR, REPORT_DIR_ENV } from '../../settings/run-settings.ts'

const ROOT = new URL('../..', import.meta.url).pathname
/**
 * One quick test, no waits: the cost is each run's own start (server, pre-flight, foundations) and reports. One
 * test, not one rule's three: each test Playwright runs at once costs a worker's start (4-5 CPU-s).
 */
const GREP = 'the sender wallet address document'

function opConformance(args: string[]): Promise<{ status: number | null; output: string }> {
  // Default settings: no REFERENCE_PORT, no REPORT_DIR, no --output.
  const env = { ...process.env }
  delete env.REFERENCE_PORT
  delete env[REPORT_DIR_ENV]
  const child = spawn('node', ['cli/op-conformance.mjs', ...args], { cwd: ROOT, env })
  let output = ''
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk))
  return new Promise((done) => child.on('exit', (status) => done({ status, output })))
}

/**
 * Two `op-conformance run` at once on one machine, default settings: each its own free ports and its own output
 * folder, and both end with their verdicts (a filtered run: NO VERDICT, exit status 4, its rules passed).
 */
describe('two runs at once', () => {
  test('both end with their verdicts, in folders of their own', { timeout: 230_000 }, async () => {
    const run = ['run', '--grep', GREP, '--reporter', 'dot']
    const runs = await Promise.all([opConformance(run), opConformance(run)])
    const folders = runs
      .map(({ output }) => /this run writes to (\S+)/.exec(output)?.[1] ?? resolve(ROOT, DEFAULT_REPORT_DIR))
      .map((folder) => resolve(ROOT, folder))
    try {
      for (const { status, output } of runs) {
        assert.equal(status, 4, output)
        assert.match(output, /Conformance verdict: NO VERDICT: .* passed \(run passed\)/)
        assert.doesNotMatch(output, /reuseExistingServer|No test of the suite matched/)
      }
      assert.notEqual(folders[0], folders[1], 'each run has its own output folder')
      const servers = folders.map((folder) => {
        assert.ok(existsSync(join(folder, 'verdict', 'verdict.json')), `${folder} holds a verdict`)
        const target = JSON.parse(readFileSync(join(folder, 'reference-target.json'), 'utf8'))
        return new URL(target.walletAddresses.sender).origin
      })
      assert.notEqual(servers[0], servers[1], 'each run started its own reference server')
    } finally {
      // A folder a run moved to is this test's; the default one is what any reference run writes.
      for (const folder of folders)
        if (folder !== resolve(ROOT, DEFAULT_REPORT_DIR)) rmSync(folder, { recursive: true, force: true })
    }
  })

  test('two client runs at once both end with their verdicts, in folders of their own', {
    timeout: 230_000,
  }, async () => {
    // One scenario of this project's client: a filtered client run, NO VERDICT (exit status 4), nothing failed.
    const client = ['client', '--adapter', PROJECT_ADAPTER, '--scenario', 'payment-flow']
    const runs = await Promise.all([opConformance(client), opConformance(client)])
    const folders = runs.map(
      ({ output }) => /this run writes to (\S+)/.exec(output)?.[1] ?? join(DEFAULT_REPORT_DIR, 'client'),
    )
    try {
      for (const { status, output } of runs) {
        assert.equal(status, 4, output)
        assert.match(output, /NO VERDICT/)
        assert.doesNotMatch(output, /EADDRINUSE|FAIL /)
      }
      assert.notEqual(folders[0], folders[1], 'each client run has its own output folder')
      for (const folder of folders)
        assert.ok(existsSync(resolve(ROOT, folder, 'verdict', 'verdict.json')), `${folder} holds a verdict`)
    } finally {
      for (const folder of folders)
        if (resolve(ROOT, folder) !== resolve(ROOT, DEFAULT_REPORT_DIR, 'client'))
          rmSync(resolve(ROOT, folder), { recursive: true, force: true })
    }
  })
})
