import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { describe, test } from 'node:test'

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
})
