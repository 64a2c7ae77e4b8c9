import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { type Browser, chromium } from '@playwright/test'
import { browserConsentDriver } from '../harness/consent/browser-consent-driver.ts'
import { chromiumLaunchOptions } from '../harness/consent/chromium.ts'
import type { Evidence } from '../harness/consent/consent-driver.ts'
import { defaultConsentScript } from '../harness/consent/consent-script.ts'
import type { InteractiveGrant } from '../harness/gnap/grant-types.ts'
import { Routing } from '../harness/http/routing.ts'

const FINISH = 'https://client.invalid/finish'
const IDENTITY = 'https://wallet.example.test'

/** A consent page with a decoy link first, served only to requests that came through the route. */
const PAGE = `<!doctype html><title>Consent</title>
<a href="/elsewhere">Don't allow</a>
<button onclick="location.href='${FINISH}?hash=h&interact_ref=r'">Yes</button>
<button onclick="location.href='${FINISH}?result=grant_rejected'">No</button>`

function grantAt(redirect: string): InteractiveGrant {
  return { finishUri: FINISH, grant: { interact: { redirect } } } as unknown as InteractiveGrant
}

const launch = chromiumLaunchOptions()

describe('the browser consent driver', { skip: launch.executablePath ? false : 'no Chromium here' }, () => {
  let browser: Browser
  let server: Server
  let routing: Routing
  before(async () => {
    server = createServer((req, res) => {
      const routed =
        req.headers.host === 'wallet.example.test' && req.headers['x-forwarded-proto'] === 'https'
      if (routed && req.method === 'POST') {
        res.writeHead(303, { location: `${FINISH}?hash=h2&interact_ref=r2` }).end()
        return
      }
      res
        .writeHead(routed ? 200 : 421, {
          'content-type': 'text/html',
          'set-cookie': 'sid=1; HttpOnly; Path=/',
        })
        .end(routed ? PAGE : 'not through the route')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const transport = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    routing = new Routing([{ identity: IDENTITY, transport, headers: { 'X-Forwarded-Proto': 'https' } }])
    browser = await chromium.launch(launch)
  })
  after(async () => {
    await browser.close()
    server.closeAllConnections()
    server.close()
  })

  const evidence: Evidence = async () => {}
  for (const [decision, expected] of [
    ['accept', { interactRef: 'r', hash: 'h', result: undefined }],
    ['reject', { interactRef: undefined, hash: undefined, result: 'grant_rejected' }],
  ] as const) {
    test(`the default script ${decision}s on a routed identity page (Yes / No, not the decoy)`, async () => {
      const driver = browserConsentDriver(browser, defaultConsentScript, routing)
      const finish = await driver.interact(grantAt(`${IDENTITY}/consent`), decision, evidence)
      assert.deepEqual(
        { interactRef: finish.interactRef, hash: finish.hash, result: finish.result },
        expected,
      )
    })
  }

  test('a form answered by a redirect to the finish URI, with a script that waits for the finish page', async () => {
    const driver = browserConsentDriver(
      browser,
      async ({ page }) => {
        await page.setContent(
          `<form method="post" action="${IDENTITY}/decide"><button>Accept</button></form>`,
        )
        await page.getByRole('button', { name: 'Accept' }).click()
        await page.waitForURL(`${FINISH}?**`)
        assert.equal(await page.textContent('body'), 'Interaction finished.')
      },
      routing,
    )
    const finish = await driver.interact(grantAt(`${IDENTITY}/consent`), 'accept', evidence)
    assert.deepEqual(
      { interactRef: finish.interactRef, hash: finish.hash },
      { interactRef: 'r2', hash: 'h2' },
    )
  })

  test('no cookie or storage of one consent is there for the next one', async () => {
    const seen: unknown[] = []
    const driver = browserConsentDriver(
      browser,
      async (context) => {
        const { page } = context
        seen.push({
          // The page's own cookie (set at the routed address too, by the route's fetch), and nothing else.
          cookies: [...new Set((await page.context().cookies()).map((cookie) => cookie.name))],
          stored: await page.evaluate(async () => ({
            local: localStorage.length,
            session: sessionStorage.length,
            databases: (await indexedDB.databases()).length,
          })),
        })
        await page.evaluate(async () => {
          localStorage.setItem('local', '1')
          sessionStorage.setItem('session', '1')
          // biome-ignore lint/suspicious/noDocumentCookie: a cookie set by the page's script, as a consent page may
          document.cookie = 'script=1; path=/'
          await new Promise((resolve) => {
            indexedDB.open('consent').onsuccess = resolve
          })
        })
        await defaultConsentScript(context)
      },
      routing,
    )
    for (let i = 0; i < 3; i++) await driver.interact(grantAt(`${IDENTITY}/consent`), 'accept', evidence)
    const fresh = { cookies: ['sid'], stored: { local: 0, session: 0, databases: 0 } }
    assert.deepEqual(seen, [fresh, fresh, fresh])
  })

  test('without the route the page is not reachable (the negative control)', async () => {
    const driver = browserConsentDriver(browser, defaultConsentScript)
    await assert.rejects(driver.interact(grantAt(`${IDENTITY}/consent`), 'accept', evidence))
  })

  test('a consent that fails says where the page ended and keeps a screenshot of it', async () => {
    const shots: string[] = []
    const driver = browserConsentDriver(
      browser,
      async () => {
        throw new Error('no password field')
      },
      routing,
    )
    await assert.rejects(
      driver.interact(grantAt(`${IDENTITY}/consent`), 'accept', async (name) => {
        shots.push(name)
      }),
      { message: `no password field (the page ended at ${IDENTITY}/consent, titled "Consent")` },
    )
    assert.deepEqual(shots, ['consent page', 'consent page when the accept failed'])
  })
})
