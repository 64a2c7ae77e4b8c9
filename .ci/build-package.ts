import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { transform } from 'esbuild'
import { checkoutCommit } from '../reports/src/run-subject.ts'

/**
 * `npm run build:package` (run by `prepack`): the suite as the package runs it, in dist/. Node loads no TypeScript
 * inside node_modules, so every module is transpiled, one file at a time (no bundle: Playwright loads the specs,
 * reporters and configuration as files, and the workers import them again), with its `./x.ts` imports renamed
 * `./x.js`; the files the code reads at run time (JSON Schemas, each rule's proof that it can fail, the reference
 * server's seed, the consent script, the READMEs its messages point to) are copied beside them. A module named to a child process or to Playwright is
 * named through settings/suite-modules.ts, which picks the .js once built.
 *
 * Left out: tests, the suite's mutant, variant and broken-client catalogues, the benches and their stub server, and
 * every private key (the example client's, Rafiki's seeded one): a package is public. dist/package.json is the
 * manifest the suite reads at run time (name, version, the dependencies an Artillery bundle pins), with the commit
 * it was built from as `gitHead`, the field npm itself gives a published package's commit.
 *
 *   node --import tsx .ci/build-package.ts
 */
const ROOT = resolve(import.meta.dirname, '..')
const OUT = join(ROOT, 'dist')

/** What a run needs: the CLI, the suite, its reports and settings, the reference server and run, client mode. */
const SHIPPED = [
  'playwright.config.ts',
  'cli/',
  'conformance/',
  'client-conformance/',
  'clients/src/',
  'openapi/',
  'reference-run/',
  'reference-server/src/',
  'reference-server/seed/',
  'reports/src/',
  'reports/schemas/',
  'reports/rule-proof.jsonl',
  'settings/',
  'load-artillery/',
]
const LEFT_OUT = [
  /(^|\/)test\//,
  /(^|\/)unit-tests\//,
  /\.test\.ts$/,
  /^reference-run\/(mutants|variants|bench|stub-server)\//,
  /^client-conformance\/broken-clients\//,
  // The maintainers' tools: the rule coverage check of `npm test`, the target file's type generator.
  /^conformance\/tools\/(check-rule-coverage|target-file-type)\.ts$/,
]
const PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----/
/** A relative import of a module written in TypeScript, as esbuild prints it (double quotes). */
const TS_IMPORT = /((?:\bfrom|\bimport)\s*\(?\s*")(\.{1,2}\/[^"]+)\.ts(")/g

const tracked = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
if (tracked.status !== 0) throw new Error(`git ls-files failed: ${tracked.stderr}`)
const files = tracked.stdout
  .split('\0')
  .filter((file) => SHIPPED.some((part) => file === part || (part.endsWith('/') && file.startsWith(part))))
  .filter((file) => !LEFT_OUT.some((pattern) => pattern.test(file)))
  // A file deleted in the work tree but not yet from git's index.
  .filter((file) => existsSync(join(ROOT, file)))

rmSync(OUT, { recursive: true, force: true })
const keysLeftOut: string[] = []
const built: string[] = []
for (const file of files) {
  const source = readFileSync(join(ROOT, file), 'utf8')
  if (file.endsWith('.pem') && PRIVATE_KEY.test(source)) {
    keysLeftOut.push(file)
    continue
  }
  const out = join(OUT, file.replace(/\.ts$/, '.js'))
  mkdirSync(dirname(out), { recursive: true })
  if (!file.endsWith('.ts')) {
    copyFileSync(join(ROOT, file), out)
    continue
  }
  const { code } = await transform(source, {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
    sourcefile: file,
  })
  writeFileSync(out, code.replace(TS_IMPORT, '$1$2.js$3'))
  built.push(out)
}

// Every relative import of the build must be there: a module left out above, or an import the rewrite missed,
// fails here rather than in an ASE's run.
const missing = built.flatMap((out) =>
  [...readFileSync(out, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)]
    .map((match) => resolve(dirname(out), match[1]!))
    .filter((target) => !existsSync(target))
    .map((target) => `${out.slice(OUT.length + 1)} imports ${target.slice(OUT.length + 1)}`),
)
if (missing.length > 0) {
  console.error(`build-package: imports that the build does not have:\n  ${missing.join('\n  ')}`)
  process.exit(1)
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
const commit = checkoutCommit()
writeFileSync(
  join(OUT, 'package.json'),
  `${JSON.stringify(
    {
      name: manifest.name,
      version: manifest.version,
      type: manifest.type,
      engines: manifest.engines,
      dependencies: manifest.dependencies,
      gitHead: commit,
    },
    null,
    2,
  )}\n`,
)
console.log(
  `build-package: ${built.length} modules and ${files.length - built.length - keysLeftOut.length} other files in dist/, ` +
    `built from ${commit}; private keys left out: ${keysLeftOut.join(', ') || 'none'}`,
)
