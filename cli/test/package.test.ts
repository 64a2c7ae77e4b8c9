import assert from 'node:assert/strict'
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { after, before, describe, test } from 'node:test'
import { EXIT } from '../../reports/src/exit-status.ts'
import { checkoutCommit } from '../../reports/src/run-subject.ts'
import type { VerdictDocument } from '../../reports/src/verdict-document.ts'

/**
 * The suite as an ASE gets it: `npm pack` (its prepack builds dist/), the tarball installed into an empty folder
 * with no network, then the installed command run from that folder, as the README tells an ASE to: --version,
 * rules, init against a reference server the package starts, validate, and a filtered run to its verdict. The
 * reports must land in that folder, and the verdict must name the package, the commit it was packed from and the
 * digest of exactly the files the tarball holds.
 */
const ROOT = new URL('../..', import.meta.url).pathname
const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
const work = mkdtempSync(join(tmpdir(), 'op-conformance-package-'))
const ase = join(work, 'ase-repo')
const installed = join(ase, 'node_modules', MANIFEST.name)
// The run's own settings must not leak into the installed suite's runs; npm offline, so that a command that
// reaches for the registry (a bare npx) fails here instead of fetching.
const env: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries({ ...process.env, npm_config_offline: 'true' }).filter(
    ([name]) => !name.startsWith('CONFORMANCE_') && name !== 'REPORT_DIR' && name !== 'REFERENCE_PORT',
  ),
)

interface Packed {
  filename: string
  files: { path: string }[]
}
let packed: Packed
let reference: ChildProcess | undefined

function opConformance(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      join(ase, 'node_modules', '.bin', 'op-conformance'),
      args,
      { cwd: ase, env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code) : 0, stdout, stderr }),
    )
  })
}

/**
 * The ASE's package.json and lockfile: the tarball as a dev dependency, and the versions this checkout's lockfile
 * pins for the suite's dependencies (its entries that are not dev-only), so that npm installs from its cache by
 * integrity. A plain `npm install TARBALL` would ask the registry for each dependency's metadata, which npm ci
 * never cached.
 */
function writeAseProject(tarball: string): void {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'))
  const spec = `file:${tarball}`
  const packages: Record<string, unknown> = {
    '': { name: 'ase-repo', devDependencies: { [MANIFEST.name]: spec } },
    [`node_modules/${MANIFEST.name}`]: {
      version: MANIFEST.version,
      resolved: spec,
      dev: true,
      dependencies: MANIFEST.dependencies,
      bin: MANIFEST.bin,
      engines: MANIFEST.engines,
    },
  }
  for (const [path, entry] of Object.entries(lock.packages as Record<string, { dev?: boolean }>))
    if (path !== '' && !entry.dev) packages[path] = entry
  mkdirSync(ase)
  writeFileSync(
    join(ase, 'package.json'),
    JSON.stringify({ name: 'ase-repo', private: true, devDependencies: { [MANIFEST.name]: spec } }),
  )
  writeFileSync(
    join(ase, 'package-lock.json'),
    JSON.stringify({ name: 'ase-repo', lockfileVersion: 3, requires: true, packages }),
  )
}

/** The reference server as the package starts it (the CLI's bench does the same), its target file in `dir`. */
async function startReference(dir: string): Promise<string> {
  mkdirSync(dir)
  reference = spawn(process.execPath, [join(installed, 'dist/reference-run/serve-reference.js'), dir], {
    cwd: ase,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [line] = (await Promise.race([
    new Promise((resolve) =>
      createInterface({ input: reference!.stdout! }).once('line', (l) => resolve([l])),
    ),
    new Promise((_, reject) => reference!.once('exit', (code) => reject(new Error(`exited ${code}`)))),
  ])) as [string]
  const target = JSON.parse(readFileSync(resolve(ase, JSON.parse(line).target), 'utf8'))
  return target.walletAddresses.sender
}

/** SHA-256 over a folder's files as the suite states it: each file's digest, two spaces, its path, sorted by path. */
function folderDigest(dir: string): { files: number; sha256: string } {
  const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
  const listing = files.map((file) => `${sha256(readFileSync(file))}  ${relative(dir, file)}\n`).join('')
  return { files: files.length, sha256: sha256(listing) }
}

describe('the packed suite, installed into an empty folder', () => {
  before(() => {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    // The prepack build prints its lines on the same stdout before npm's JSON.
    packed = (JSON.parse(out.slice(out.indexOf('[\n'))) as Packed[])[0]!
    writeAseProject(join(work, packed.filename))
    execFileSync('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: ase, env, stdio: 'pipe' })
  })
  after(() => {
    reference?.kill('SIGTERM')
    rmSync(work, { recursive: true, force: true })
  })

  test('ships the built suite: no TypeScript, no test, no catalogue, no CI file, no private key', () => {
    const paths = packed.files.map((file) => file.path)
    assert.ok(paths.includes('dist/cli/main.js') && paths.includes('dist/playwright.config.js'))
    const unwanted = paths.filter((path) =>
      /\.ts$|(^|\/)(test|unit-tests|mutants|variants|broken-clients|\.ci)\/|\.test\./.test(path),
    )
    assert.deepEqual(unwanted, [])
    const keys = paths.filter((path) =>
      /-----BEGIN [A-Z ]*PRIVATE KEY-----\s+[A-Za-z0-9+/]{40}/.test(
        readFileSync(join(installed, path), 'utf8'),
      ),
    )
    assert.deepEqual(keys, [])
  })

  test('--version and rules answer from the installed package, a rule with its proof that it can fail', async () => {
    const version = await opConformance('--version')
    assert.equal(version.stdout.trim(), MANIFEST.version)
    const rules = await opConformance('rules')
    assert.equal(rules.status, 0, rules.stderr)
    assert.match(rules.stdout, /^WA-DOC\s+MUST/m)
    // reports/rule-proof.jsonl ships beside the reports' code (.ci/build-package.ts).
    assert.ok(packed.files.some((file) => file.path === 'dist/reports/rule-proof.jsonl'))
    const digest = await opConformance('rules', 'SIG-DIGEST')
    assert.match(digest.stdout, /^ {6}caught: .+ \((signature )?mutant .+\)$/m)
    assert.match(digest.stdout, /^ {2}proof that it can fail: the catalogues run on /m)
  })

  test('init, validate and a filtered run against the reference server read from and write into the folder, naming the package', async () => {
    const sender = await startReference(join(ase, 'reference'))
    const init = await opConformance('init', sender, '--template', 'reference')
    assert.equal(init.status, 0, init.stdout + init.stderr)
    assert.ok(existsSync(join(ase, 'local', 'target.json')))
    const validate = await opConformance('validate', 'local/target.json')
    assert.equal(validate.status, 0, validate.stdout + validate.stderr)

    mkdirSync(join(ase, 'conformance'))
    writeFileSync(join(ase, 'conformance/baseline.json'), '{"expectedFailures": []}')
    const run = await opConformance(
      'run',
      ...['--target', 'local/target.json', '--baseline', 'conformance/baseline.json', '--grep', '@WA-DOC'],
    )
    assert.equal(run.status, EXIT.noVerdict, run.stdout + run.stderr)
    const verdict = JSON.parse(
      readFileSync(join(ase, 'reports/output/verdict/verdict.json'), 'utf8'),
    ) as VerdictDocument
    assert.ok(verdict.rules.some((rule) => rule.rule.id === 'WA-DOC' && rule.status === 'passed'))
    // Read from the folder the command ran in, and named from there.
    assert.equal(verdict.baseline?.file, 'conformance/baseline.json')
    assert.match(run.stdout, /^ {2}baseline conformance\/baseline\.json: 0 expected failures/m)
    assert.ok(existsSync(join(ase, 'reports/output/conformance-evidence.tar.gz')))
    assert.ok(!existsSync(join(installed, 'reports')) && !existsSync(join(installed, 'local')))

    // The package's identity: the commit it was packed from, and the digest of the files the tarball holds.
    const unpacked = join(work, 'unpacked')
    mkdirSync(unpacked)
    execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', unpacked])
    assert.deepEqual(verdict.suite, {
      name: MANIFEST.name,
      version: MANIFEST.version,
      commit: checkoutCommit(),
      ...folderDigest(join(unpacked, 'package')),
    })
    const evidence = join(work, 'evidence')
    mkdirSync(evidence)
    execFileSync('tar', ['-xzf', join(ase, 'reports/output/conformance-evidence.tar.gz'), '-C', evidence])
    assert.deepEqual(JSON.parse(readFileSync(join(evidence, 'digests.json'), 'utf8')).suite, verdict.suite)
  })
})
