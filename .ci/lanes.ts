import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Runs npm scripts side by side and prints each one's output, whole, when it ends:
 *
 *   node --import tsx .ci/lanes.ts <script> <script>...
 *
 * npm test runs the conformance suite beside the unit tests this way. On a 2-core machine neither fills both
 * cores alone: a suite run mostly waits (for expiries, intervals, its own four workers' answers), and the unit
 * tests start whole runs and servers that wait too. One after the other they took about 450 s, side by side
 * about 300. The suite's time limits stretch with the machine's load (conformance/harness/time/machine-load.ts).
 * A line every 30 s says which are still running; the first to fail ends the others, and the exit status is
 * its own.
 */
const HEARTBEAT_MS = 30_000

interface Lane {
  script: string
  log: string
  started: number
  status?: number
}

const scripts = process.argv.slice(2)
if (scripts.length === 0) {
  console.error('usage: node --import tsx .ci/lanes.ts <npm script> <npm script>...')
  process.exit(2)
}
const dir = mkdtempSync(join(tmpdir(), 'lanes-'))
const children = new Map<Lane, ReturnType<typeof spawn>>()
const lanes = scripts.map((script, index): Lane => {
  const lane: Lane = { script, log: join(dir, `${index}.log`), started: Date.now() }
  writeFileSync(lane.log, '')
  // A session of its own (detached): the lane's whole tree (npm, node, servers, workers) can be ended at once.
  const child = spawn(`npm run ${script} >> "${lane.log}" 2>&1`, {
    shell: true,
    detached: true,
    stdio: 'ignore',
  })
  children.set(lane, child)
  return lane
})
console.log(`Side by side: ${scripts.join(', ')} (each one's output when it ends)`)

const seconds = (lane: Lane) => Math.round((Date.now() - lane.started) / 1000)
const heartbeat = setInterval(() => {
  const running = lanes.filter((lane) => lane.status === undefined)
  console.log(`  still running: ${running.map((lane) => `${lane.script} (${seconds(lane)} s)`).join(', ')}`)
}, HEARTBEAT_MS)

const endAll = () => {
  for (const [lane, child] of children)
    if (lane.status === undefined && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // Already gone.
      }
    }
}
for (const [signal, status] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)
  process.on(signal, () => {
    endAll()
    process.exit(status)
  })

let firstFailed: Lane | undefined
await Promise.all(
  lanes.map(
    (lane) =>
      new Promise<void>((done) =>
        children.get(lane)!.on('exit', (code, signal) => {
          lane.status = code ?? (signal ? 1 : 0)
          const endedBy = firstFailed ? ` (ended: ${firstFailed.script} had failed)` : ''
          process.stdout.write(
            `\n=== npm run ${lane.script}: exit ${lane.status}, ${seconds(lane)} s${endedBy}\n`,
          )
          process.stdout.write(readFileSync(lane.log, 'utf8'))
          if (lane.status !== 0 && !firstFailed) {
            firstFailed = lane
            endAll()
          }
          done()
        }),
      ),
  ),
)
clearInterval(heartbeat)
rmSync(dir, { recursive: true, force: true })
if (firstFailed)
  console.error(`\nnpm run ${firstFailed.script} failed (exit ${firstFailed.status}): its output is above`)
process.exit(firstFailed?.status ?? 0)
