import { availableParallelism } from 'node:os'
import { run } from 'node:test'
import { spec } from 'node:test/reporters'
import { parseArgs } from 'node:util'

/**
 * `node --test` that never hangs: each test file gets FILE_TIMEOUT_MS, and a file that runs out names the tests
 * that were still running in it (or says that they had all finished and its process did not exit). On Node 20
 * `--test-timeout` bounds only the file (a test's own limit applies only to `--test` processes, not to the
 * files' processes), and its report names no test; this script adds the names from the runner's events.
 *
 *   node --import tsx .ci/node-tests.ts [--concurrency N] <test files>
 *
 * Files start in the order given, as many at once as the machine has cores (or N: .ci/run runs one file at a time
 * beside the rest of CI). package.json names the slowest folders first (the CLI's tests start whole runs), so no
 * long file starts last and holds the run alone.
 */
const FILE_TIMEOUT_MS = 240_000

interface TestEvent {
  name: string
  nesting: number
  file?: string
  line?: number
  column?: number
  details?: { error?: { failureType?: string } }
}

const { values, positionals: files } = parseArgs({
  options: { concurrency: { type: 'string', default: String(availableParallelism()) } },
  allowPositionals: true,
})
const concurrency = Number(values.concurrency)
if (files.length === 0 || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error(
    'usage: node --import tsx .ci/node-tests.ts [--concurrency N] <test files> (N a whole number from 1)',
  )
  process.exit(2)
}

// What each file's process has started and not yet finished: the runner reports a test only once it ends.
const running = new Map<string, Map<string, TestEvent>>()
const keyOf = (test: TestEvent) => `${test.nesting}:${test.line}:${test.column}:${test.name}`
// The runner reports each file as a test of its own, named by its path, around the file's tests.
const isFile = (test: TestEvent) => test.nesting === 0 && files.includes(test.name)
const inFile = (file: string) => running.get(file) ?? running.set(file, new Map()).get(file)!

// One process per file, as `node --test` does, but on every core unless told otherwise.
const stream = run({ files, timeout: FILE_TIMEOUT_MS, concurrency })
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

function reportTimeout(file: string): void {
  const unfinished = [...(running.get(file)?.values() ?? [])]
  const lines = unfinished.length
    ? unfinished.map((test) => `  ${'  '.repeat(test.nesting)}${test.name} (line ${test.line})`)
    : ['  none: every test had finished, but the process did not exit (a server, socket or timer left open)']
  process.stderr.write(
    `\n${file} ran out of its ${FILE_TIMEOUT_MS / 1000} s; still running when it was stopped:\n${lines.join('\n')}\n`,
  )
}
