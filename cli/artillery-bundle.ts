import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { stringify } from 'yaml'
import { TARGET_FILE_SCHEMA_PATH, type TargetFile } from '../conformance/harness/target/target-file.ts'
import { artilleryScript, PROCESSOR_FILE } from '../conformance/load/artillery/artillery-script.ts'
import { BUNDLE_TARGET_FILE } from '../conformance/load/artillery/worker-session.ts'
import type { OperationName } from '../conformance/load/operations.ts'
import { suiteModule } from '../settings/suite-modules.ts'
import { ARTILLERY_DIR, type ArtilleryTools } from './artillery-install.ts'
import { SUITE_ROOT } from './run-command.ts'

export interface BundleOptions {
  dir: string
  target: TargetFile
  operations: readonly OperationName[]
  concurrency: number
  durationS: number
  tools: ArtilleryTools
}

/** The CA file's name in the bundle, when the target trusts one (tls.caFile). */
const BUNDLE_CA_FILE = 'ca.pem'

/**
 * Writes what Artillery runs, locally or on its cloud workers: one script per operation, the processor bundled
 * with all of the suite's code it uses, the target file without the private key, and a package.json of the npm
 * packages the bundle leaves out. Returns the files written, by name.
 */
export function writeArtilleryBundle(options: BundleOptions): string[] {
  const { dir, target } = options
  mkdirSync(dir, { recursive: true })
  bundleProcessor(options.tools, join(dir, PROCESSOR_FILE))
  // The target file's module reads its JSON Schema beside itself when loaded: in the bundle, beside the bundle.
  copyFileSync(TARGET_FILE_SCHEMA_PATH, join(dir, basename(TARGET_FILE_SCHEMA_PATH.pathname)))
  const files = [
    PROCESSOR_FILE,
    basename(TARGET_FILE_SCHEMA_PATH.pathname),
    BUNDLE_TARGET_FILE,
    'package.json',
  ]
  const shipped = withoutPrivateKey(target)
  if (target.tls) {
    copyFileSync(target.tls.caFile, join(dir, BUNDLE_CA_FILE))
    shipped.tls = { ...target.tls, caFile: BUNDLE_CA_FILE }
    files.push(BUNDLE_CA_FILE)
  }
  writeFileSync(join(dir, BUNDLE_TARGET_FILE), `${JSON.stringify(shipped, null, 2)}\n`)
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(bundlePackage(), null, 2)}\n`)
  const origin = new URL(target.walletAddresses.sender).origin
  // What the processor reads beside itself: the target file, its schema, the CA.
  const includeFiles = files.filter((file) => file !== PROCESSOR_FILE && file !== 'package.json')
  for (const operation of options.operations) {
    const script = artilleryScript({
      includeFiles,
      operation,
      concurrency: options.concurrency,
      durationS: options.durationS,
      origin,
    })
    writeFileSync(join(dir, scriptFile(operation)), stringify(script))
    files.push(scriptFile(operation))
  }
  return files
}

export function scriptFile(operation: OperationName): string {
  return `${operation}.yml`
}

/** The registered client's key stays out: the processor reads it from OP_CONFORMANCE_PRIVATE_KEY. */
function withoutPrivateKey(target: TargetFile): TargetFile {
  const { secondClient: _unused, ...rest } = target
  if ('serveLocally' in target.client) return rest
  return {
    ...rest,
    client: {
      walletAddress: target.client.walletAddress,
      keyId: target.client.keyId,
    } as TargetFile['client'],
  }
}

/**
 * Left out of the bundle: Playwright (the consent drivers start its Chromium or its request context, and it
 * finds its browsers from its own folder) and the Open Payments SDK, whose OpenAPI documents the checks read.
 */
const EXTERNAL = ['@playwright/test', '@interledger/open-payments']

/**
 * For a bench on this machine: the packages the bundle leaves out, linked into the bundle's node_modules from the
 * suite's own. The processor imports them by name, and node looks for them beside the processor, upwards: in a
 * folder outside the suite's (--output elsewhere, an installed package) it would not find them, and every
 * operation would fail with "Cannot find package". A bundle emitted for elsewhere installs them from its
 * package.json instead. A package the folder already holds (installed there) is left as it is.
 */
export function linkBundleExternals(dir: string): void {
  const require = createRequire(import.meta.url)
  for (const name of EXTERNAL) {
    const link = join(dir, 'node_modules', name)
    if (existsSync(link)) continue
    // A link left dangling (the suite moved since) is replaced.
    rmSync(link, { force: true })
    mkdirSync(dirname(link), { recursive: true })
    symlinkSync(packageRoot(require.resolve(name), name), link, 'dir')
  }
}

/** The folder of package `name`, from a file inside it: the nearest package.json upwards that names it. */
function packageRoot(file: string, name: string): string {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === name) return dir
  }
  throw new Error(`the suite's dependency ${name} was not found (from ${file}): reinstall the suite`)
}

function bundleProcessor(tools: ArtilleryTools, outfile: string): void {
  const result = spawnSync(
    tools.esbuild,
    [
      join(SUITE_ROOT, suiteModule('conformance/load/artillery/processor.ts')),
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node20',
      '--log-level=warning',
      `--outfile=${outfile}`,
      ...EXTERNAL.map((name) => `--external:${name}`),
      // The CommonJS packages bundled into an ES module still call require (node's own modules among them).
      "--banner:js=import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    ],
    { encoding: 'utf8' },
  )
  if (result.status !== 0)
    throw new Error(
      `bundling the Artillery processor failed (esbuild exited ${result.status}):\n${result.stderr}`,
    )
}

function bundlePackage(): Record<string, unknown> {
  const suite = readPackage(join(SUITE_ROOT, 'package.json'))
  const load = readPackage(join(ARTILLERY_DIR, 'package.json'))
  const version = (name: string) => suite.dependencies?.[name] ?? suite.devDependencies?.[name]
  return {
    name: 'op-conformance-artillery-bench',
    private: true,
    type: 'module',
    description:
      'op-conformance bench --emit: the bench on Artillery (docs/load.md of open-payments-conformance)',
    dependencies: Object.fromEntries(EXTERNAL.map((name) => [name, version(name)])),
    // Only where the run is started: Artillery's cloud workers bring their own.
    devDependencies: { artillery: load.dependencies?.artillery },
  }
}

interface PackageJson {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

function readPackage(file: string): PackageJson {
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson
}
