import { mkdirSync, mkdtempSync } from 'node:fs'
import { constants as osConstants, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { claimReferencePorts } from '../reference-ports.ts'
import { startStubServer } from '../stub-server/stub-server.ts'
import { writeStubTarget } from '../stub-server/stub-target.ts'
import { startReferenceBehindLatency } from './reference-behind-latency.ts'
import { type RunTiming, timedRun } from './timed-run.ts'

const HELP = `npm run bench:verdict -- [--targets LIST] [--cap SECONDS] [--latency MS] [--output DIR]

Time to a verdict: runs npx op-conformance run, one after the other, against
  reference     the reference server, as op-conformance run starts it (free ports)
  failing-stub  a stateless stub that answers every operation with its official OpenAPI example
                (reference-run/stub-server/): a server that fails most tests
  latency       the reference server behind two proxies that hold every answer MS ms (--latency, default 200)
and prints, for each, the seconds to the verdict line and to the end, the headline, the first console line and the
longest silence, and the 1-minute load average (os.loadavg) at the start, its mean and its highest during the run.
A figure, not a test: it fails nothing. Each run's console, with times, is in DIR/<target>/console.log, its reports
beside it.

  --targets LIST   comma-separated, default reference,failing-stub,latency
  --cap SECONDS    end a run that has not finished by then (default 1800): its row says "capped"
  --latency MS     the latency target's delay per answer (default 200)
  --output DIR     where the runs write (default a new folder under the system's temporary folder)
`

const TARGETS = ['reference', 'failing-stub', 'latency'] as const
type TargetName = (typeof TARGETS)[number]
const ROOT = new URL('../..', import.meta.url).pathname

const { values } = parseArgs({
  options: {
    targets: { type: 'string', default: TARGETS.join(',') },
    cap: { type: 'string', default: '1800' },
    latency: { type: 'string', default: '200' },
    output: { type: 'string' },
    help: { type: 'boolean' },
  },
})
if (values.help) {
  process.stdout.write(HELP)
  process.exit(0)
}
const chosen = values.targets.split(',').map((name) => name.trim())
const unknown = chosen.filter((name) => !(TARGETS as readonly string[]).includes(name))
const cap = Number(values.cap)
const latency = Number(values.latency)
if (unknown.length > 0 || !(cap > 0) || !(latency >= 0)) {
  console.error(
    unknown.length > 0
      ? `--targets: unknown ${unknown.join(', ')}; known: ${TARGETS.join(', ')}`
      : '--cap must be seconds above 0 and --latency milliseconds from 0',
  )
  process.exit(2)
}
const output = values.output ? resolve(values.output) : mkdtempSync(join(tmpdir(), 'op-time-to-verdict-'))
console.log(`Time to verdict: ${chosen.join(', ')}; cap ${cap} s; runs write to ${output}`)

// Interrupted (Ctrl-C, a CI job cancelled): the current run's group and whatever this script started for it (the
// stub, the proxies, the reference server behind them) end before it exits, instead of listening on after it.
const interrupted = new AbortController()
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => {
    console.log(`\n${signal}: ending the current run and what it started`)
    process.exitCode = 128 + osConstants.signals[signal]
    interrupted.abort()
  })

const rows: [TargetName, RunTiming][] = []
for (const name of chosen as TargetName[]) {
  if (interrupted.signal.aborted) break
  const dir = join(output, name)
  mkdirSync(dir, { recursive: true })
  const { args, close } = await prepare(name, dir)
  console.log(`\n${name}: npx op-conformance run ${args.join(' ')}`)
  try {
    const timing = await timedRun({
      root: ROOT,
      args: [...args, '--output', dir],
      capSeconds: cap,
      logFile: join(dir, 'console.log'),
      progressMs: 30_000,
      signal: interrupted.signal,
      progress: (seconds, line) =>
        console.log(`  ${seconds.toFixed(0)} s: ${line?.trim().slice(0, 100) ?? '(nothing yet)'}`),
    })
    rows.push([name, timing])
    console.log(rowLines(name, timing).join('\n'))
  } finally {
    await close()
  }
}

console.log(
  '\nTarget        to verdict   wall      first line  longest silence  load start/mean/max  exit  headline',
)
for (const [name, t] of rows) {
  const s = (value?: number) => (value === undefined ? '-' : `${value.toFixed(1)} s`)
  const load = `${t.load.start.toFixed(1)}/${t.load.mean.toFixed(1)}/${t.load.max.toFixed(1)}`
  console.log(
    `${name.padEnd(13)} ${s(t.toVerdict).padStart(10)} ${s(t.wall).padStart(8)}${t.capped ? ' capped' : '       '} ` +
      `${s(t.firstLine).padStart(9)} ${s(t.longestSilence).padStart(16)}  ${load.padEnd(19)}  ${String(t.exitCode).padStart(4)}  ` +
      `${(t.headline ?? '(no verdict)').replace(/^Conformance verdict: /, '').slice(0, 80)}`,
  )
}

/** The run's arguments, and what to stop once it has ended (the stub, the proxies and the server behind them). */
async function prepare(name: TargetName, dir: string): Promise<{ args: string[]; close(): Promise<void> }> {
  if (name === 'reference') return { args: [], close: async () => {} }
  if (name === 'failing-stub') {
    const stub = await startStubServer(await claimReferencePorts({}, 1))
    return { args: ['--target', writeStubTarget(stub.url, dir)], close: stub.close }
  }
  const latent = await startReferenceBehindLatency(dir, latency)
  return { args: ['--target', latent.target], close: latent.close }
}

function rowLines(name: string, t: RunTiming): string[] {
  return [
    `  ${name}: ${t.headline ?? `no verdict${t.capped ? (interrupted.signal.aborted ? ' (interrupted)' : ` within the cap of ${cap} s`) : ''}`}`,
    `  to verdict ${t.toVerdict?.toFixed(1) ?? '-'} s, wall ${t.wall.toFixed(1)} s, exit ${t.exitCode}; first line ` +
      `${t.firstLine?.toFixed(1) ?? '-'} s, longest silence ${t.longestSilence.toFixed(1)} s; load ` +
      `${t.load.start.toFixed(1)} at the start, ${t.load.mean.toFixed(1)} mean, ${t.load.max.toFixed(1)} highest`,
  ]
}
