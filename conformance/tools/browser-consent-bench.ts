import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium } from '@playwright/test'
import { browserConsentDriver } from '../harness/consent/browser-consent-driver.ts'
import { chromiumLaunchOptions } from '../harness/consent/chromium.ts'
import { defaultConsentScript } from '../harness/consent/consent-script.ts'
import type { InteractiveGrant } from '../harness/gnap/grant-types.ts'

/**
 * What one consent costs the browser driver: `npm run bench:consent` drives CONSENTS (default 20) consents, one
 * after the other, through a page shaped like the reference server's (a form whose POST answers 303 to the
 * finish URI), and prints the wall time per consent and Chromium's CPU per consent, launch and close included.
 * Chromium's CPU is sampled from /proc every 100 ms, over every Chromium process started during the bench: its
 * renderers are not all descendants of the browser process, and a process's last 100 ms may be missed.
 */
const CONSENTS = Number(process.env.CONSENTS ?? 20)
const SAMPLE_MS = 100
const FINISH = 'https://conformance-client.invalid/finish/bench'
const PAGE = `<!doctype html><title>Consent</title><h1>Grant request</h1><p>Send up to 10.00 USD.</p>
<form method="post" action="/consent"><button type="submit" name="decision" value="accept">Accept</button>
<button type="submit" name="decision" value="reject">Reject</button></form>`

const server = createServer((req, res) => {
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)
    return
  }
  req.resume().on('end', () => res.writeHead(303, { location: `${FINISH}?hash=h&interact_ref=r` }).end())
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const grant = {
  finishUri: FINISH,
  grant: { interact: { redirect: `http://127.0.0.1:${(server.address() as AddressInfo).port}/consent` } },
} as unknown as InteractiveGrant

const launch = chromiumLaunchOptions()
if (!launch.executablePath) throw new Error('no Chromium found: set CHROMIUM_PATH')

const chromiumCpu = chromiumCpuSampler(SAMPLE_MS)
const ownBefore = process.cpuUsage()
const started = performance.now()
const browser = await chromium.launch(launch)
const launched = performance.now()
const driver = browserConsentDriver(browser, defaultConsentScript)
for (let i = 0; i < CONSENTS; i++) await driver.interact(grant, i % 2 ? 'reject' : 'accept', async () => {})
const consented = performance.now()
await driver.close()
server.close()
const chromiumMs = chromiumCpu.stop()
const own = process.cpuUsage(ownBefore)

console.log(`browser consent driver, ${CONSENTS} consents one after the other (${launch.executablePath})`)
console.log(`  launch                 ${(launched - started).toFixed(0)} ms`)
console.log(`  wall per consent       ${((consented - launched) / CONSENTS).toFixed(0)} ms`)
console.log(`  Chromium CPU/consent   ${(chromiumMs / CONSENTS).toFixed(0)} ms (launch and close included)`)
console.log(
  `  driver CPU/consent     ${((own.user + own.system) / 1000 / CONSENTS).toFixed(0)} ms (this process)`,
)

/**
 * The CPU time, in ms, of the processes that run a Chromium executable and started after this call, each at the
 * last sample it was seen in.
 */
function chromiumCpuSampler(everyMs: number): { stop(): number } {
  const since = ownStartTicks() + Math.floor(process.uptime() * 100)
  const last = new Map<string, number>()
  const sample = () => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        if (!/chrom/.test(readlinkSync(`/proc/${entry}/exe`))) continue
        const fields = statFields(readFileSync(`/proc/${entry}/stat`, 'utf8'))
        const started = Number(fields[19])
        // utime and stime (fields 14 and 15 of proc(5)), in clock ticks of 10 ms.
        if (started >= since) last.set(`${entry}@${started}`, (Number(fields[11]) + Number(fields[12])) * 10)
      } catch {
        // Ended while being read: it keeps its last sample.
      }
    }
  }
  const timer = setInterval(sample, everyMs)
  return {
    stop() {
      clearInterval(timer)
      sample()
      return [...last.values()].reduce((sum, ms) => sum + ms, 0)
    },
  }
}

/** The fields after the command name, from field 3 (state) on. */
function statFields(line: string): string[] {
  return line.slice(line.lastIndexOf(') ') + 2).split(' ')
}

/** When this process started, in clock ticks since boot (field 22). */
function ownStartTicks(): number {
  return Number(statFields(readFileSync('/proc/self/stat', 'utf8'))[19])
}
