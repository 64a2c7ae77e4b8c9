import type { Browser, Page } from '@playwright/test'
import { type FinishRedirect, parseFinishRedirect } from '../gnap/finish-redirect.ts'
import type { InteractiveGrant } from '../gnap/grant-types.ts'
import { Routing } from '../http/routing.ts'
import { ConsentContexts } from './consent-contexts.ts'
import {
  type ConsentDecision,
  type ConsentDriver,
  consentTimeoutMs,
  type Evidence,
} from './consent-driver.ts'
import type { ConsentScript } from './consent-script.ts'

/**
 * Drives the consent page in Chromium: each consent in a browser context of its own, wiped of every cookie and
 * all storage since its last consent (ConsentContexts), the target's script clicks, and the consent ends when
 * the browser sends the request to the finish URI, which is answered inside the browser, so the suite needs no
 * server for it. Identity URLs the target routes elsewhere are fetched at their transport address, as the API
 * requests are.
 */
export function browserConsentDriver(
  browser: Browser,
  script: ConsentScript,
  routing: Routing = new Routing(),
): ConsentDriver {
  const contexts = new ConsentContexts(browser, routing)
  return {
    kind: 'browser',
    async interact(grant, decision, evidence) {
      const lease = await contexts.lease(grant.finishUri)
      const { page } = lease
      let finish: FinishRedirect
      try {
        finish = await within(
          consentTimeoutMs(),
          consent(page, grant, decision, script, evidence, lease.finished),
        )
      } catch (error) {
        const shot = page.isClosed() ? undefined : await page.screenshot().catch(() => undefined)
        const where = page.isClosed() ? undefined : await whereIs(page)
        await contexts.discard(lease)
        if (shot) await evidence(`consent page when the ${decision} failed`, shot, 'image/png')
        if (!where) throw error
        throw new Error(`${(error as Error).message} (the page ended at ${where})`, { cause: error })
      }
      await contexts.release(lease)
      return finish
    },
    close: async () => {
      await contexts.close()
      await browser.close()
    },
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
