import type { Browser, BrowserContext, Page } from '@playwright/test'
import { isFinishUrl } from '../gnap/finish-redirect.ts'
import type { Routing } from '../http/routing.ts'

/** One consent's use of a browser context: where it ends, and the page it runs in. */
export interface ConsentLease {
  page: Page
  /** Resolves with the finish URI's URL once the browser sends the request for it. */
  finished: Promise<string>
}

interface PooledContext {
  context: BrowserContext
  /** The consent using the context now: its finish URI, and what to call when the browser asks for it. */
  current?: { finishUri: string; reachedFinish(url: string): void }
  /** Every origin the context's pages asked for since it was last wiped. */
  origins: Set<string>
  /**
   * A blank page the context keeps open: when a context's last page closes, its next page costs Chromium as much
   * as a new context's first (npm run bench:consent: 1.5 core-seconds a consent without it, 0.8 with it).
   */
  blank?: Page
}

/**
 * Browser contexts for consents, one consent at a time in each. A context is wiped before it is lent again: its
 * pages closed, every cookie and permission cleared, and every kind of storage (local and session storage,
 * IndexedDB, cache storage, service workers) of each origin it visited cleared; what Chromium keeps is its HTTP
 * cache, as a person's browser would. A consent in a wiped context costs Chromium about half of what one in a new
 * context does (npm run bench:consent). A consent that failed closes its context instead.
 */
export class ConsentContexts {
  readonly #idle: PooledContext[] = []
  readonly #lent = new Map<Page, PooledContext>()

  constructor(
    private readonly browser: Browser,
    private readonly routing: Routing,
  ) {}

  async lease(finishUri: string): Promise<ConsentLease> {
    const pooled = this.#idle.pop() ?? (await this.#open())
    let reachedFinish: (url: string) => void = () => {}
    const finished = new Promise<string>((resolve) => {
      reachedFinish = resolve
    })
    pooled.current = { finishUri, reachedFinish }
    const page = await pooled.context.newPage()
    this.#lent.set(page, pooled)
    return { page, finished }
  }

  /** After a consent that ended at its finish URI: the context is wiped and kept for the next one. */
  async release(lease: ConsentLease): Promise<void> {
    const pooled = this.#take(lease)
    try {
      await wipe(pooled, lease.page)
      this.#idle.push(pooled)
    } catch {
      await pooled.context.close()
    }
  }

  /** After a consent that failed: its context is closed, whatever state it was left in. */
  async discard(lease: ConsentLease): Promise<void> {
    await this.#take(lease).context.close()
  }

  async close(): Promise<void> {
    await Promise.all(this.#idle.splice(0).map((pooled) => pooled.context.close()))
  }

  #take(lease: ConsentLease): PooledContext {
    const pooled = this.#lent.get(lease.page)!
    this.#lent.delete(lease.page)
    pooled.current = undefined
    return pooled
  }

  async #open(): Promise<PooledContext> {
    const context = await this.browser.newContext()
    const pooled: PooledContext = { context, origins: new Set() }
    await routeIdentities(context, this.routing)
    const isFinish = (url: string) =>
      pooled.current !== undefined && isFinishUrl(url, pooled.current.finishUri)
    // The consent ends as the browser sends the request: a route gets a redirect to the finish URI only about a
    // second later, Chromium busy all the while (npm run bench:consent).
    context.on('request', (request) => {
      const url = request.url()
      if (/^https?:/.test(url)) pooled.origins.add(new URL(url).origin)
      if (isFinish(url)) pooled.current?.reachedFinish(url)
    })
    // For a script that waits for the finish page to load. The page may close first, the consent being over.
    await context.route(
      (url) => isFinish(url.href),
      (route) =>
        route
          .fulfill({ status: 200, contentType: 'text/html', body: '<p>Interaction finished.</p>' })
          .catch(() => {}),
    )
    pooled.blank = await context.newPage()
    return pooled
  }
}

async function wipe(pooled: PooledContext, page: Page): Promise<void> {
  const cdp = await pooled.context.newCDPSession(page)
  for (const origin of pooled.origins) {
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
  }
  await cdp.detach()
  pooled.origins.clear()
  await Promise.all(
    pooled.context
      .pages()
      .filter((open) => open !== pooled.blank)
      .map((open) => open.close()),
  )
  await pooled.context.clearCookies()
  await pooled.context.clearPermissions()
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
