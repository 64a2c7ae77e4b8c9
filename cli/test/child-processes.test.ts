import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { describe, test } from 'node:test'
import { EXIT } from '../../reports/src/exit-status.ts'
import { linkBundleExternals } from '../artillery-bundle.ts'

const COMMAND = new URL('../op-conformance.mjs', import.meta.url).pathname

/** Every live descendant of `pid`, from /proc: what a process started, and what those started. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>()
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      // The parent is the 2nd field after the command, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // Ended while being read.
    }
  }
  const found: number[] = []
  const walk = (parent: number) => {
    for (const [child, of] of parents)
      if (of === parent) {
        found.push(child)
        walk(child)
      }
  }
  walk(pid)
  return found
}

/** Running, or stopped and not yet reaped by its parent (a zombie has ended: it holds no port, no CPU). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

function commandOf(pid: number): string {
  try {
    return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()}`
  } catch {
    return `${pid} (ended)`
  }
}

describe('the processes a command starts end with it', () => {
  test('bench stopped with SIGTERM stops the reference server it started, and exits 5 (interrupted)', async () => {
    const output = join(mkdtempSync(join(tmpdir(), 'op-bench-term-')), 'bench.json')
    const bench = spawn(
      process.execPath,
      [COMMAND, 'bench', '--operations', 'wallet-address', '--duration', '120', '--output', output],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const exited = once(bench, 'exit')
    // Once the load has started, the reference server is up and serving it.
    for await (const line of createInterface({ input: bench.stdout! }))
      if (/^ {2}\S+ \.\.\.$/.test(line)) break
    const started = descendants(bench.pid!)
    const commands = started.map(commandOf)
    assert.ok(
      commands.some((command) => command.includes('reference-server/src/main.ts')),
      `the reference server runs: ${commands.join('; ')}`,
    )
    bench.kill('SIGTERM')
    const [code] = await exited
    assert.equal(code, EXIT.interrupted)
    // Each was sent SIGTERM and waited for; a grandchild may still be finishing its exit (a process that is not
    // yet a zombie has no command line left): none is left a few seconds on.
    for (let wait = 0; wait < 50 && started.some(alive); wait++) await new Promise((r) => setTimeout(r, 100))
    assert.deepEqual(
      started.filter(alive),
      [],
      `left running: ${started.filter(alive).map(commandOf).join('; ')} (of ${commands.join('; ')})`,
    )
  })
})

describe('a run stopped with SIGTERM', () => {
  test('says INTERRUPTED, exits 5, fails no rule, and leaves no process of its own', async () => {
    const output = mkdtempSync(join(tmpdir(), 'op-run-term-'))
    const run = spawn(
      process.execPath,
      [COMMAND, 'run', '--grep', '@IP-', '--output', output, '--reporter', 'list'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    const exited = once(run, 'exit')
    let stderr = ''
    run.stderr!.on('data', (chunk) => {
      stderr += chunk
    })
    const lines: string[] = []
    let started: number[] = []
    for await (const line of createInterface({ input: run.stdout! })) {
      lines.push(line)
      // The first test has ended: the reference server, Playwright and its workers are running.
      if (started.length === 0 && /^\s+✓/.test(line)) {
        started = descendants(run.pid!)
        run.kill('SIGTERM')
      }
    }
    const [code] = await exited
    const console = `${lines.join('\n')}\n${stderr}`
    assert.equal(code, EXIT.interrupted, console)
    assert.match(console, /Conformance verdict: INTERRUPTED: the run was stopped before its end/)
    assert.match(console, /op-conformance: interrupted: the reports above hold what ran until then/)
    const verdict = JSON.parse(readFileSync(join(output, 'verdict', 'verdict.json'), 'utf8'))
    assert.equal(verdict.exitCode, EXIT.interrupted)
    assert.equal(verdict.counts.failed, 0, verdict.headline)
    assert.deepEqual(verdict.cutShort, [])
    for (let wait = 0; wait < 50 && started.some(alive); wait++) await new Promise((r) => setTimeout(r, 100))
    assert.deepEqual(started.filter(alive).map(commandOf), [])
  })
})

describe('a run stopped before its first test ended', () => {
  test('exits 5 and leaves the output folder as it was', async () => {
    const output = mkdtempSync(join(tmpdir(), 'op-run-early-'))
    mkdirSync(join(output, 'verdict'))
    writeFileSync(join(output, 'verdict', 'verdict.json'), 'the previous run')
    const run = spawn(
      process.execPath,
      [COMMAND, 'run', '--grep', '@IP-', '--output', output, '--reporter', 'list'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    const exited = once(run, 'exit')
    // The previous reports are held aside from here on.
    for await (const line of createInterface({ input: run.stdout! }))
      if (line.startsWith('Target: ')) {
        run.kill('SIGTERM')
        break
      }
    const [code] = await exited
    assert.equal(code, EXIT.interrupted)
    assert.deepEqual(readdirSync(output), ['verdict'])
    assert.equal(readFileSync(join(output, 'verdict', 'verdict.json'), 'utf8'), 'the previous run')
  })
})

describe('bench --engine artillery: the bundle finds what it leaves out, wherever it is written', () => {
  // What the bundled processor does first: import the packages left out of the bundle, by name.
  const probe = "import '@playwright/test'\nimport '@interledger/open-payments'\nconsole.log('loaded')\n"

  test('a folder outside the suite finds neither until they are linked, then both', () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-artillery-bundle-'))
    writeFileSync(join(dir, 'probe.mjs'), probe)
    const before = spawnSync(process.execPath, ['probe.mjs'], { cwd: dir, encoding: 'utf8' })
    assert.match(before.stderr, /Cannot find package '@playwright\/test'/)
    linkBundleExternals(dir)
    // Twice: a second bench into the same folder finds the links in place.
    linkBundleExternals(dir)
    const after = spawnSync(process.execPath, ['probe.mjs'], { cwd: dir, encoding: 'utf8' })
    assert.equal(after.status, 0, after.stderr)
    assert.equal(after.stdout, 'loaded\n')
  })
})
