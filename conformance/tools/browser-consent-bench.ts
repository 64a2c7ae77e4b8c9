import { readFileSync } from 'node:fs'
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
 * Chromium's CPU is read once every process of it has ended and been reaped: this process's children's CPU time.
 */
const CONSENTS = Number(process.env.CONSENTS ?? 20)
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

const childrenBefore = childrenCpuMs()
const ownBefore = process.cpuUsage()
const started = performance.now()
const browser = await chromium.launch(launch)
const launched = performance.now()
const driver = browserConsentDriver(browser, defaultConsentScript)
for (let i = 0; i < CONSENTS; i++) await driver.interact(grant, i % 2 ? 'reject' : 'accept', async () => {})
const consented = performance.now()
await driver.close()
server.close()
const chromiumMs = childrenCpuMs() - childrenBefore
const own = process.cpuUsage(ownBefore)

console.log(`browser consent driver, ${CONSENTS} consents one after the other (${launch.executablePath})`)
console.log(`  launch                 ${(launched - started).toFixed(0)} ms`)
console.log(`  wall per consent       ${((consented - launched) / CONSENTS).toFixed(0)} ms`)
console.log(`  Chromium CPU/consent   ${(chromiumMs / CONSENTS).toFixed(0)} ms (launch and close included)`)
console.log(
  `  driver CPU/consent     ${((own.user + own.system) / 1000 / CONSENTS).toFixed(0)} ms (this process)`,
)

/** CPU of this process's ended and reaped children and their descendants (fields cutime and cstime), in ms. */
function childrenCpuMs(): number {
  const line = readFileSync('/proc/self/stat', 'utf8')
  const fields = line.slice(line.lastIndexOf(') ') + 2).split(' ')
  // Fields 16 and 17 of proc(5), in clock ticks of 10 ms.
  return (Number(fields[13]) + Number(fields[14])) * 10
}
