import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'

const ROOT = new URL('../..', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'op-conformance-lazy-'))
// A loader hook that prints every module resolved: what a command loads, not how long it takes (a figure that a
// busy machine would make meaningless; cli/bench/cli-startup.ts measures the time).
const hook = join(dir, 'log-resolved.mjs')
writeFileSync(
  hook,
  `export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  process.stderr.write('RESOLVED ' + resolved.url + '\\n')
  return resolved
}
`,
)
const register = join(dir, 'register.mjs')
writeFileSync(
  register,
  `import { register } from 'node:module'\nregister(${JSON.stringify(`file://${hook}`)})\n`,
)

/** The packages a command loaded, by name. */
function packagesLoadedBy(...args: string[]): Set<string> {
  const run = spawnSync(process.execPath, ['--import', register, 'cli/op-conformance.mjs', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  const urls = run.stderr.split('\n').filter((line) => line.startsWith('RESOLVED '))
  assert.ok(urls.length > 0, run.stderr)
  return new Set(urls.flatMap((line) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line)?.[1] ?? []))
}

// What the run's checks load, and no quick answer needs: Playwright, the Open Payments SDK.
const HEAVY = ['@playwright/test', 'playwright', 'playwright-core', '@interledger/open-payments']

describe('a command that answers at once loads only what it needs', () => {
  test('validate FILE: no Playwright, no SDK', () => {
    const loaded = packagesLoadedBy('validate', 'conformance/harness/target/example-target.json')
    for (const name of HEAVY) assert.ok(!loaded.has(name), `validate loaded ${name}`)
    // The control: the file's own check does load its validator.
    assert.ok(loaded.has('ajv'), [...loaded].join(', '))
  })

  test('init, up to its receiver prompt: not even the target file validator', () => {
    // No receiver and no terminal to ask on: init stops where its prompt would be, before any request.
    const output = join(dir, 'target.json')
    const loaded = packagesLoadedBy('init', 'http://127.0.0.1:9/alice', '--output', output)
    assert.deepEqual(
      [...loaded].filter((name) => [...HEAVY, 'ajv'].includes(name)),
      [],
    )
  })

  test('--help and --version: not even the target file validator', () => {
    for (const args of [['--help'], ['--version']]) {
      const loaded = [...packagesLoadedBy(...args)].filter((name) => [...HEAVY, 'ajv'].includes(name))
      assert.deepEqual(loaded, [], `${args.join(' ')} loaded ${loaded.join(', ')}`)
    }
  })
})
