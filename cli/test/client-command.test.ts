import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { hasSetsid, processesRunning } from '../../client-conformance/test/processes.ts'

const ROOT = new URL('../..', import.meta.url).pathname
const opConformance = (...args: string[]) =>
  spawnSync('node', ['cli/op-conformance.mjs', ...args], { cwd: ROOT, encoding: 'utf8' })

describe('op-conformance client', () => {
  test('--help documents the adapter, the scenarios, the reports and the exit codes', () => {
    const help = opConformance('client', '--help')
    assert.equal(help.status, 0)
    for (const text of [
      '--adapter COMMAND',
      '--scenario',
      'payment-flow',
      'verdict/verdict.{json,md,html}',
      'junit.xml',
      'Exit status',
    ])
      assert.ok(help.stdout.includes(text), text)
  })

  test('--rules lists every client rule with its level, tier and scenarios', () => {
    const run = opConformance('client', '--rules', '--json')
    assert.equal(run.status, 0)
    const rows = JSON.parse(run.stdout) as { id: string; tier: string; scenarios: string[] }[]
    assert.ok(rows.some((r) => r.id === 'CL-FINISH-HASH' && r.tier === 'beyond-spec'))
    assert.deepEqual(rows.find((r) => r.id === 'CL-LIST-WALK')?.scenarios, ['long-list'])
  })

  test('mistakes on the command line exit 2 with a message, before anything starts', () => {
    for (const [args, message] of [
      [[], /--adapter "COMMAND" or --target FILE is required/],
      [['--adapter', 'x', '--scenario', 'nope'], /unknown scenario nope; known: payment-flow/],
      [['--adapter', 'x', '--timeout', '0'], /--timeout must be a number of seconds above 0/],
      [['--adapter', 'x', '--frobnicate'], /unknown argument --frobnicate/],
      [['--target', 'nowhere.json'], /client target file nowhere.json is invalid:\n {2}- file not found/],
      [
        ['--adapter', 'x', '--baseline', 'client-conformance/test/fixtures/server-rule-baseline.json'],
        /expectedFailures\[0\]\.rule: unknown rule ID "AUTH-REQUIRED"/,
      ],
    ] as const) {
      const run = opConformance('client', ...args)
      assert.equal(run.status, 2, args.join(' '))
      assert.match(run.stderr, message)
    }
  })

  test('an adapter that leaves a process of its own session holding standard output does not keep the suite alive', {
    skip: hasSetsid() ? false : 'no setsid here',
    timeout: 180_000,
  }, async (t) => {
    // A duration of its own, to find this test's process and no other.
    const sleep = `sleep 600.${process.pid}`
    const output = mkdtempSync(join(tmpdir(), 'op-client-detached-'))
    const adapter = `setsid sh -c '${sleep}' & echo '{"scenario":"uint64-amounts","steps":[]}'`
    const suite = spawn(
      'node',
      [
        'cli/op-conformance.mjs',
        'client',
        '--adapter',
        adapter,
        '--scenario',
        'uint64-amounts',
        '--output',
        output,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    t.after(() => {
      suite.kill('SIGKILL')
      for (const pid of processesRunning(sleep)) process.kill(pid, 'SIGKILL')
      rmSync(output, { recursive: true, force: true })
    })
    let printed = ''
    let reportsAt: number | undefined
    suite.stdout.on('data', (chunk: Buffer) => {
      printed += chunk
      if (reportsAt === undefined && printed.includes('\nReports (')) reportsAt = Date.now()
    })
    const status = await new Promise<number | null>((exited) => suite.once('exit', exited))
    assert.ok(reportsAt, `no verdict printed:\n${printed}`)
    const after = Date.now() - reportsAt
    assert.ok(after < 5000, `the suite exited ${after} ms after its verdict`)
    // Only --scenario left the other scenarios out: NO VERDICT, the suite's own exit.
    assert.equal(status, 4, printed)
    assert.deepEqual(processesRunning(sleep), [], 'the detached sleep outlived the suite')
  })
})
