import type { APIRequestContext, APIResponse } from '@playwright/test'
import { type FinishRedirect, isFinishUrl, parseFinishRedirect } from '../gnap/finish-redirect.ts'
import type { InteractiveGrant } from '../gnap/grant-types.ts'
import { Routing } from '../http/routing.ts'
import { type ConsentDriver, consentTimeoutMs, DECISION_LABELS } from './consent-driver.ts'
import { findSubmit, formSubmission, isSubmit, parseForms } from './html-forms.ts'

const MAX_REDIRECTS = 10

/**
 * For consent pages that are plain HTML forms: GET the page, submit the form whose button says accept (or
 * reject), and follow redirects until one points at the finish URI. Each interaction gets its own request
 * context, so a session cookie the page sets is kept for that interaction only.
 */
export function httpConsentDriver(
  newContext: () => Promise<APIRequestContext>,
  routing: Routing = new Routing(),
): ConsentDriver {
  return {
    kind: 'http',
    async interact(grant, decision, evidence) {
      const context = new RoutedContext(await newContext(), routing)
      try {
        const page = await follow(context, grant, await context.get(grant.grant.interact.redirect))
        if ('finish' in page) return page.finish
        await evidence('consent page', page.html, 'text/html')
        const forms = parseForms(page.html, page.url)
        const found = findSubmit(forms, DECISION_LABELS[decision])
        if (!found) {
          const labels = forms.flatMap((f) => f.controls.filter(isSubmit).map((c) => JSON.stringify(c.label)))
          throw new Error(
            `the consent page ${page.url} has no ${decision} button among its form submits (${labels.join(', ') || 'none'}); ` +
              'a page that needs script needs the browser driver',
          )
        }
        const submission = formSubmission(found.form, found.submit)
        const answer =
          submission.method === 'POST'
            ? await context.post(submission.url, submission.body ?? '')
            : await context.get(submission.url)
        const after = await follow(context, grant, answer)
        if ('finish' in after) return after.finish
        throw new Error(
          `after the ${decision} submit, ${after.url} answered ${after.status} without redirecting to the finish URI`,
        )
      } finally {
        await context.dispose()
      }
    },
    close: async () => {},
  }
}

type Landing = { finish: FinishRedirect } | { url: string; status: number; html: string }

/** An answer and the identity URL it answers (relative redirects resolve against that, not the transport). */
interface Answer {
  url: string
  response: APIResponse
}

/** Follows redirects; stops at the finish URI (never requested: nothing listens there) or at a page. */
async function follow(context: RoutedContext, grant: InteractiveGrant, first: Answer): Promise<Landing> {
  let answer = first
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const { response, url } = answer
    const location = response.headers().location
    if (response.status() < 300 || response.status() >= 400 || !location) {
      return { url, status: response.status(), html: await response.text() }
    }
    const next = new URL(location, url).href
    if (isFinishUrl(next, grant.finishUri)) return { finish: parseFinishRedirect(next) }
    answer = await context.get(next)
  }
  throw new Error(`more than ${MAX_REDIRECTS} redirects from the consent page`)
}

/** The interaction's request context, sending identity URLs to their routed address. */
class RoutedContext {
  constructor(
    private readonly context: APIRequestContext,
    private readonly routing: Routing,
  ) {}

  get(url: string): Promise<Answer> {
    return this.#send(url, 'GET', { accept: 'text/html' })
  }

  post(url: string, form: string): Promise<Answer> {
    const headers = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }
    return this.#send(url, 'POST', headers, form)
  }

  dispose(): Promise<void> {
    return this.context.dispose()
  }

  async #send(url: string, method: string, headers: Record<string, string>, data?: string): Promise<Answer> {
    const routed = this.routing.resolve(url)
    const response = await this.context.fetch(routed?.url ?? url, {
      method,
      headers: { ...headers, ...routed?.headers },
      data,
      maxRedirects: 0,
      timeout: consentTimeoutMs(),
    })
    return { url, response }
  }
}
