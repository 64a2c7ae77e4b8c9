import type { Browser, BrowserContext, Page } from '@playwright/test'
import { type FinishRedirect, isFinishUrl, parseFinishRedirect } from '../gnap/finish-redirect.ts'
import type { InteractiveGrant } from '../gnap/grant-types.ts'
import { Routing } from '../http/routing.ts'
import {
  CONSENT_TIMEOUT_MS,
  type ConsentDecision,
  type ConsentDriver,
  type Evidence,
} from './consent-driver.ts'
import type { ConsentScript } from './consent-script.ts'

/**
 * Drives the consent page in Chromium: a fresh browser context per interaction (no cookies shared between
 * grants), the target's script clicks, and the consent ends when the browser sends the request to the finish URI,
 * which is answered inside the browser, so the suite needs no server for it. Identity URLs the target routes
 * elsewhere are fetched at their transport address, as the API requests are.
 */
export function browserConsentDriver(
  browser: Browser,
  script: ConsentScript,
  routing: Routing = new Routing(),
): ConsentDriver {
  return {
    kind: 'browser',
    async interact(grant, decision, evidence) {
      const context = await browser.newContext()
      let page: Page | undefined
      try {
        await routeIdentities(context, routing)
        let reachedFinish: (url: string) => void = () => {}
        const finished = new Promise<string>((resolve) => {
          reachedFinish = resolve
        })
        // Noticed as the browser sends it: the route below gets a redirect to the finish URI only about a second
        // later, Chromium busy all the while (npm run bench:consent).
        context.on('request', (request) => {
          if (isFinishUrl(request.url(), grant.finishUri)) reachedFinish(request.url())
        })
        // For a script that waits for the finish page to load.
        await context.route(
          (url) => isFinishUrl(url.href, grant.finishUri),
          (route) =>
            route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Interaction finished.</p>' }),
        )
        page = await context.newPage()
        return await within(CONSENT_TIMEOUT_MS, consent(page, grant, decision, script, evidence, finished))
      } catch (error) {
        if (!page || page.isClosed()) throw error
        await evidence(`consent page when the ${decision} failed`, await page.screenshot(), 'image/png')
        throw new Error(`${(error as Error).message} (the page ended at ${await whereIs(page)})`, {
          cause: error,
        })
      } finally {
        // The route may still be answering the finish URI: the consent is over, its page is not needed.
        await context.unrouteAll({ behavior: 'ignoreErrors' })
        await context.close()
      }
    },
    close: () => browser.close(),
  }
}

async function consent(
  page: Page,
  grant: InteractiveGrant,
  decision: ConsentDecision,
  script: ConsentScript,
  evidence: Evidence,
  finished: Promise<string>,
): Promise<FinishRedirect> {
  const response = await page.goto(grant.grant.interact.redirect)
  if (response && !response.ok()) {
    throw new Error(`interact.redirect ${grant.grant.interact.redirect} answered HTTP ${response.status()}`)
  }
  await evidence('consent page', await page.screenshot({ fullPage: true }), 'image/png')
  await script({ page, decision, grant })
  return parseFinishRedirect(await finished)
}

/** The page's URL and title, for a message about where the consent got stuck. */
async function whereIs(page: Page): Promise<string> {
  const title = await page.title().catch(() => '')
  return `${page.url()}${title ? `, titled ${JSON.stringify(title)}` : ''}`
}

async function routeIdentities(context: BrowserContext, routing: Routing): Promise<void> {
  if (routing.empty) return
  await context.route(
    (url) => routing.resolve(url.href) !== undefined,
    async (route) => {
      const request = route.request()
      const routed = routing.resolve(request.url())!
      // Redirects come back to the browser, which asks again (through this route when they point at an identity).
      const response = await route.fetch({
        url: routed.url,
        headers: { ...(await request.allHeaders()), ...routed.headers },
        maxRedirects: 0,
      })
      await route.fulfill({ response })
    },
  )
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the consent page did not redirect to the finish URI within ${ms / 1000} s`)),
      ms,
    )
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}
