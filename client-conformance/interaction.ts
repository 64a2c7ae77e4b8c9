import { request } from '@playwright/test'
import { httpConsentDriver } from '../conformance/harness/consent/http-consent-driver.ts'
import type { InteractiveGrant } from '../conformance/harness/gnap/grant-types.ts'
import type { RecordedExchange } from './recording-proxy.ts'

/** A grant response that asks for interaction, and the finish URI the client's request gave. */
export interface InteractionStart {
  exchange: RecordedExchange
  redirect: string
  finishUri: string
}

/** Changes the redirect the client receives (a fault of a scenario), e.g. a wrong `hash`. */
export type FinishFault = (url: string) => string

/** The interactive grant responses among the exchanges (the authorization server's answers with interact.redirect). */
export function interactionStarts(exchanges: readonly RecordedExchange[]): InteractionStart[] {
  return exchanges.flatMap((exchange) => {
    if (exchange.server !== 'auth' || exchange.request.method !== 'POST') return []
    const redirect = (exchange.response.json as { interact?: { redirect?: unknown } } | undefined)?.interact
      ?.redirect
    const finishUri = requestJson(exchange)?.interact?.finish?.uri
    if (typeof redirect !== 'string') return []
    return [{ exchange, redirect, finishUri: typeof finishUri === 'string' ? finishUri : '' }]
  })
}

/**
 * Plays the user: opens the consent page, accepts, and returns the URL the page sent the browser to (the client's
 * finish URI with `hash` and `interact_ref`). The HTTP consent driver does it: the reference server's consent page
 * is a plain HTML form.
 */
export async function giveConsent(start: InteractionStart): Promise<string> {
  if (!start.finishUri)
    throw new Error('the grant request asked for interaction without interact.finish.uri (method redirect)')
  const driver = httpConsentDriver(() => request.newContext())
  const grant = { grant: { interact: { redirect: start.redirect } }, finishUri: start.finishUri }
  const finish = await driver.interact(grant as unknown as InteractiveGrant, 'accept', async () => {})
  return finish.url
}

/** The finish redirect with a `hash` that matches nothing (the same length and alphabet as a real one). */
export const wrongFinishHash: FinishFault = (url) => {
  const parsed = new URL(url)
  const hash = parsed.searchParams.get('hash') ?? ''
  const wrong = [...hash].reverse().join('')
  parsed.searchParams.set('hash', wrong === hash ? `${hash}A` : wrong)
  return parsed.href
}

/** Request bodies are only parsed here to find the finish URI: the checks read the bytes themselves. */
function requestJson(exchange: RecordedExchange): { interact?: { finish?: { uri?: unknown } } } | undefined {
  if (!exchange.request.body) return undefined
  try {
    return JSON.parse(new TextDecoder().decode(exchange.request.body))
  } catch {
    return undefined
  }
}
