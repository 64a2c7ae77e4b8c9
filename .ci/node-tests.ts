import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { run } from 'node:test'
import { spec } from 'node:test/reporters'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

/**
 * `node --test` that never hangs: each test file gets FILE_TIMEOUT_MS, and a file that runs out names the tests
 * that were still running in it (or says that they had all finished and its process did not exit). On Node 20
 * `--test-timeout` bounds only the file (a test's own limit applies only to `--test` processes, not to the
 * files' processes), and its report names no test; this script adds the names from the runner's events.
 *
 *   node --import tsx .ci/node-tests.ts [--concurrency N] [--together F1,F2] <test files>
 *
 * Files start in the order given, as many at once as the machine has cores (or N). package.json names the slowest
 * first (the server's files, together, then the CLI's, which start whole runs), so no long file starts last and
 * holds the run alone.
 *
 * --together: the files under each of these top-level folders run in one process, one file after the other, as
 * one entry of the run. A process of its own per file loads tsx, the suite's modules and the embedded database
 * again each time: the server's 29 files took 189 CPU-s that way and 76 together, the suite's 44 unit files 69
 * and 15. The tests of a folder share a process; each file still sets up and tears down its own servers and
 * databases. The CLI's tests, which start whole runs, gain nothing and run apart, in parallel.
 */
const FILE_TIMEOUT_MS = 240_000
/** With folders together, for every file: the longest folder (the server's) took 65 s on a quiet machine. */
const GROUP_TIMEOUT_MS = 600_000

interface TestEvent {
  name: string
  nesting: number
  file?: string
  line?: number
  column?: number
  details?: { error?: { failureType?: string } }
}

const { values, positionals: given } = parseArgs({
  options: {
    concurrency: { type: 'string', default: String(availableParallelism()) },
    together: { type: 'string', default: '' },
  },
  allowPositionals: true,
})
const concurrency = Number(values.concurrency)
if (given.length === 0 || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error(
    'usage: node --import tsx .ci/node-tests.ts [--concurrency N] [--together F1,F2] <test files> (N a whole number from 1)',
  )
  process.exit(2)
}
const { files, grouped, cleanUp } = groupFiles(given, values.together.split(',').filter(Boolean))
process.on('exit', cleanUp)

// What each file's process has started and not yet finished: the runner reports a test only once it ends.
const running = new Map<string, Map<string, TestEvent>>()
const keyOf = (test: TestEvent) => `${test.nesting}:${test.line}:${test.column}:${test.name}`
// The runner reports each file as a test of its own, named by its path, around the file's tests.
const isFile = (test: TestEvent) => test.nesting === 0 && files.includes(test.name)
const inFile = (file: string) => running.get(file) ?? running.set(file, new Map()).get(file)!

// One process per file, as `node --test` does, but on every core unless told otherwise.
const timeout = grouped ? GROUP_TIMEOUT_MS : FILE_TIMEOUT_MS
const stream = run({ files, timeout, concurrency })
stream.on('test:dequeue', (test: TestEvent) => {
  if (test.file && !isFile(test)) inFile(test.file).set(keyOf(test), test)
})
stream.on('test:complete', (test: TestEvent) => {
  if (test.file) running.get(test.file)?.delete(keyOf(test))
})
stream.on('test:fail', (test: TestEvent) => {
  process.exitCode = 1
  if (isFile(test) && test.file && test.details?.error?.failureType === 'testTimeoutFailure') {
    reportTimeout(test.file)
  }
})
stream.compose(new spec()).pipe(process.stdout)

/**
 * The files to run: each file apart, but one generated module per --together folder that imports that folder's
 * files in the order given (an .mts, so tsx loads it as ESM and its top-level awaits run one file after another).
 */
function groupFiles(paths: string[], together: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'node-tests-'))
  const groups = new Map<string, string[]>()
  const files: string[] = []
  for (const path of paths) {
    const top = path.split('/')[0]
    if (!together.includes(top)) files.push(path)
    else if (groups.has(top)) groups.get(top)!.push(path)
    else {
      groups.set(top, [path])
      files.push(join(dir, `${top}.together.mts`))
    }
  }
  for (const [top, members] of groups) {
    const imports = members.map(
      (path) => `await import(${JSON.stringify(pathToFileURL(resolve(path)).href)})`,
    )
    writeFileSync(join(dir, `${top}.together.mts`), `${imports.join('\n')}\n`)
  }
  return {
    files,
    grouped: groups.size > 0,
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
  }
}

function reportTimeout(file: string): void {
  const unfinished = [...(running.get(file)?.values() ?? [])]
  const lines = unfinished.length
    ? unfinished.map((test) => `  ${'  '.repeat(test.nesting)}${test.name} (line ${test.line})`)
    : ['  none: every test had finished, but the process did not exit (a server, socket or timer left open)']
  process.stderr.write(
    `\n${file} ran out of its ${timeout / 1000} s; still running when it was stopped:\n${lines.join('\n')}\n`,
  )
}
