import type { Request, RequestHandler, Response } from 'express'
import type { PublicUrls } from '../config.ts'
import { renderConsentPage } from './consent-page.ts'
import { InteractionError, isInteractionError, toHttpError } from './errors.ts'
import { finishHash } from './finish-hash.ts'
import { INTERACTION_ID_PATTERN, interactionUrl } from './model.ts'
import type { InteractionService } from './service.ts'

interface RouteDependencies {
  interactionService: InteractionService
  urls: PublicUrls
}

type IdParams = { id: string }

export interface InteractionRoutes {
  showConsent: RequestHandler<IdParams>
  decide: RequestHandler<IdParams>
}

export function createInteractionRoutes(deps: RouteDependencies): InteractionRoutes {
  return {
    showConsent: (req, res) => showConsent(deps, req, res),
    decide: (req, res) => decide(deps, req, res),
  }
}

async function showConsent(deps: RouteDependencies, req: Request<IdParams>, res: Response): Promise<void> {
  const open = await deps.interactionService.getOpen(interactionId(req.params.id))
  if (isInteractionError(open)) throw toHttpError(open)
  const page = renderConsentPage({
    clientUrl: open.grant.client,
    clientName: open.interaction.clientName,
    access: open.grant.access,
    subject: open.grant.subject ?? [],
    formAction: interactionUrl(deps.urls, open.interaction.id),
    expiresAt: open.interaction.expiresAt,
  })
  protectPage(res).type('html').send(page)
}

async function decide(deps: RouteDependencies, req: Request<IdParams>, res: Response): Promise<void> {
  const decision = (req.body as Record<string, unknown> | undefined)?.decision
  if (decision !== 'accept' && decision !== 'reject') throw toHttpError(InteractionError.InvalidDecision)
  const result = await deps.interactionService.decide(interactionId(req.params.id), decision === 'accept')
  if (isInteractionError(result)) throw toHttpError(result)
  const { interaction } = result
  const finish = new URL(interaction.finishUri)
  if (result.accepted && interaction.interactRef !== undefined) {
    const hash = finishHash({
      clientNonce: interaction.clientNonce,
      serverNonce: interaction.serverNonce,
      interactRef: interaction.interactRef,
      grantEndpoint: deps.urls.authServer,
    })
    finish.searchParams.set('hash', hash)
    finish.searchParams.set('interact_ref', interaction.interactRef)
  } else {
    finish.searchParams.set('result', 'grant_rejected')
  }
  protectPage(res).status(303).location(finish.href).end()
}

// Anything else cannot be an id this server issued, and would otherwise reach the database.
function interactionId(id: string): string {
  return INTERACTION_ID_PATTERN.test(id) ? id : ''
}

// The page holds the only secret of the interaction (its URL): keep it out of caches, frames and the
// Referer sent to the client's finish URI, and let it run no script at all.
function protectPage(res: Response): Response {
  return res.set({
    'Cache-Control': 'no-store',
    'Content-Security-Policy':
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
  })
}
