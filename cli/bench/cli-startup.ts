import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'

const HELP = `npm run bench:cli -- [--runs N] [--file TARGET_FILE]

How long op-conformance takes to answer the commands that should answer at once: --help, --version, rules and
validate FILE (the file only), each run N times (default 5) one after the other as a new process, the way a user
types them. Prints, per command, the minimum, median and maximum wall time and the 1-minute load average
(os.loadavg) before its first run and after its last: a figure on a busy machine says little without it. A figure,
not a test: it fails only when a command does (a non-zero exit).

  --runs N     runs per command (default 5)
  --file FILE  the target file validate reads (default the example, conformance/harness/target/example-target.json)
`

const ROOT = new URL('../..', import.meta.url).pathname
const COMMAND = new URL('../op-conformance.mjs', import.meta.url).pathname

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    file: { type: 'string', default: `${ROOT}conformance/harness/target/example-target.json` },
    help: { type: 'boolean' },
  },
})
if (values.help) {
  process.stdout.write(HELP)
  process.exit(0)
}
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`bench:cli: --runs takes a whole number of runs, at least 1 (got ${values.runs})`)
  process.exit(2)
}

const COMMANDS: string[][] = [['--help'], ['--version'], ['rules'], ['validate', values.file]]

/** One command's wall time in seconds, from spawning node to its exit, or the process ends saying why it failed. */
function timed(args: string[]): number {
  const start = process.hrtime.bigint()
  const result = spawnSync(process.execPath, [COMMAND, ...args], { cwd: process.cwd(), encoding: 'utf8' })
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  if (result.status !== 0) {
    console.error(
      `op-conformance ${args.join(' ')} exited ${result.status ?? result.signal}:\n${result.stderr}`,
    )
    process.exit(1)
  }
  return seconds
}

const load = () => loadavg()[0]!.toFixed(2)
const s = (seconds: number) => `${seconds.toFixed(3)} s`
console.log(`op-conformance start-up, ${runs} runs each, node ${process.version}, ${COMMAND}`)
console.log('command                      min        median     max        load before/after')
for (const args of COMMANDS) {
  const before = load()
  const times = Array.from({ length: runs }, () => timed(args)).sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]!
  const name = args[0] === 'validate' ? 'validate FILE' : args.join(' ')
  console.log(
    `${name.padEnd(28)} ${s(times[0]!).padEnd(10)} ${s(median).padEnd(10)} ${s(times.at(-1)!).padEnd(10)} ${before}/${load()}`,
  )
}
