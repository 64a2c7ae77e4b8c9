import type { Grant as OpenPaymentsGrant, PendingGrant } from '@interledger/open-payments'
import type { Request, RequestHandler, Response } from 'express'
import { gnapToken } from '../access-tokens/authorization-header.ts'
import { toAccessTokenBody } from '../access-tokens/model.ts'
import type { PublicUrls } from '../config.ts'
import { interactionUrl } from '../interaction/model.ts'
import { isUuid } from '../shared/request-input.ts'
import type { WalletAddressService } from '../wallet-addresses/service.ts'
import { GrantError, isGrantError, toHttpError } from './errors.ts'
import { type Grant, type SubjectId, toContinueBody } from './model.ts'
import { type GrantRequestInput, readGrantRequest } from './request.ts'
import type { GrantService } from './service.ts'

declare global {
  namespace Express {
    interface Locals {
      grantRequest?: GrantRequestInput
      /** The grant a continuation request is about, once its continuation token was checked. */
      grant?: Grant
    }
  }
}

interface RouteDependencies {
  grantService: GrantService
  walletAddressService: WalletAddressService
  urls: PublicUrls
  /** GRANT_WAIT_SECONDS, echoed as `continue.wait`. */
  waitSeconds: number
}

type IdParams = { id: string }

type ContinuationBody = Partial<Pick<OpenPaymentsGrant, 'access_token'>> & {
  subject?: { sub_ids: SubjectId[] }
  continue: OpenPaymentsGrant['continue']
}

export interface GrantRoutes {
  /** Validates the grant request body; sets the signer to the client it names. */
  readRequest: RequestHandler
  create: RequestHandler
  /** Identifies the grant by the continuation URI and token; sets the signer to its client. */
  authenticateContinuation: RequestHandler<IdParams>
  continue: RequestHandler<IdParams>
  revoke: RequestHandler<IdParams>
}

export function createGrantRoutes(deps: RouteDependencies): GrantRoutes {
  return {
    readRequest: (req, res, next) => readRequest(deps, req, res, next),
    create: (_req, res) => requestGrant(deps, res),
    authenticateContinuation: (req, res, next) => authenticateContinuation(deps, req, res, next),
    continue: (req, res) => continueGrant(deps, req, res),
    revoke: (_req, res) => revokeGrant(deps, res),
  }
}

async function readRequest(
  deps: RouteDependencies,
  req: Request,
  res: Response,
  next: () => void,
): Promise<void> {
  const input = await readGrantRequest(req.body, deps)
  res.locals.grantRequest = input
  res.locals.signer = input.client
  next()
}

async function requestGrant(deps: RouteDependencies, res: Response): Promise<void> {
  const input = res.locals.grantRequest
  if (input === undefined) throw new Error('grant route reached without readRequest')
  const outcome = await deps.grantService.request(input)
  if (outcome.kind === 'issued') {
    const body: OpenPaymentsGrant = {
      access_token: toAccessTokenBody(deps.urls, outcome.token, outcome.grant.access),
      continue: toContinueBody(deps.urls, outcome.grant),
    }
    res.json(body)
    return
  }
  const body: PendingGrant = {
    interact: {
      redirect: interactionUrl(deps.urls, outcome.interaction.id),
      finish: outcome.interaction.serverNonce,
    },
    continue: { ...toContinueBody(deps.urls, outcome.grant), wait: deps.waitSeconds },
  }
  res.json(body)
}

async function authenticateContinuation(
  deps: RouteDependencies,
  req: Request<IdParams>,
  res: Response,
  next: () => void,
): Promise<void> {
  const token = gnapToken(req.get('authorization'))
  if (token === undefined) throw toHttpError(GrantError.MissingContinuationToken)
  const grant = isUuid(req.params.id)
    ? await deps.grantService.findForContinuation(req.params.id, token)
    : GrantError.UnknownContinuation
  if (isGrantError(grant)) throw toHttpError(grant)
  res.locals.grant = grant
  res.locals.signer = grant.client
  next()
}

async function continueGrant(deps: RouteDependencies, req: Request<IdParams>, res: Response): Promise<void> {
  const grant = continuedGrant(res)
  const issued = await deps.grantService.continue(grant.id, readInteractRef(req.body))
  if (isGrantError(issued)) throw toHttpError(issued)
  // RFC 9635 section 3: access_token with continue, subject with continue, or both.
  const { token, grant: continued } = issued
  const body: ContinuationBody = {
    ...(token === undefined ? {} : { access_token: toAccessTokenBody(deps.urls, token, continued.access) }),
    ...(continued.subject === undefined ? {} : { subject: { sub_ids: continued.subject } }),
    continue: toContinueBody(deps.urls, continued),
  }
  res.json(body)
}

async function revokeGrant(deps: RouteDependencies, res: Response): Promise<void> {
  await deps.grantService.revoke(continuedGrant(res).id)
  res.status(204).end()
}

// The schema has checked the body is an object whose interact_ref, if any, is a string.
function readInteractRef(body: unknown): string | undefined {
  const ref = (body as { interact_ref?: string } | undefined)?.interact_ref
  if (ref === '') throw toHttpError(GrantError.EmptyInteractRef)
  return ref
}

function continuedGrant(res: Response): Grant {
  const { grant } = res.locals
  if (grant === undefined) throw new Error('continuation route reached without authenticateContinuation')
  return grant
}
