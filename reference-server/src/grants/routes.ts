import type { Grant as OpenPaymentsGrant, PendingGrant } from '@interledger/open-payments'
import type { RequestHandler } from 'express'
import { gnapToken } from '../access-tokens/authorization-header.ts'
import { toAccessTokenBody } from '../access-tokens/routes.ts'
import type { PublicUrls } from '../config.ts'
import { HttpError } from '../http/errors.ts'
import { interactionUrl } from '../interaction/routes.ts'
import { isUuid } from '../shared/request-input.ts'
import type { WalletAddressService } from '../wallet-addresses/service.ts'
import { GrantError, isGrantError, toHttpError } from './errors.ts'
import type { Grant, SubjectId } from './model.ts'
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

export function continueUrl(urls: PublicUrls, grantId: string): string {
  return `${urls.authServer}/continue/${grantId}`
}

export function createGrantRoutes(deps: RouteDependencies): GrantRoutes {
  const continuation = (grant: Grant) => ({
    access_token: { value: grant.continueToken },
    uri: continueUrl(deps.urls, grant.id),
  })

  return {
    readRequest: async (req, res, next) => {
      const input = await readGrantRequest(req.body, deps)
      res.locals.grantRequest = input
      res.locals.signer = input.client
      next()
    },
    create: async (_req, res) => {
      const input = res.locals.grantRequest
      if (input === undefined) throw new Error('grant route reached without readRequest')
      const outcome = await deps.grantService.request(input)
      if (outcome.kind === 'issued') {
        const body: OpenPaymentsGrant = {
          access_token: toAccessTokenBody(deps.urls, outcome.token, outcome.grant.access),
          continue: continuation(outcome.grant),
        }
        res.json(body)
        return
      }
      const body: PendingGrant = {
        interact: {
          redirect: interactionUrl(deps.urls, outcome.interaction.id),
          finish: outcome.interaction.serverNonce,
        },
        continue: { ...continuation(outcome.grant), wait: deps.waitSeconds },
      }
      res.json(body)
    },
    authenticateContinuation: async (req, res, next) => {
      const token = gnapToken(req.get('authorization'))
      if (token === undefined) {
        throw new HttpError(
          401,
          'invalid_client',
          'Send the continuation access token as "Authorization: GNAP <token>".',
        )
      }
      const grant = isUuid(req.params.id)
        ? await deps.grantService.findForContinuation(req.params.id, token)
        : GrantError.UnknownContinuation
      if (isGrantError(grant)) throw toHttpError(grant)
      res.locals.grant = grant
      res.locals.signer = grant.client
      next()
    },
    continue: async (req, res) => {
      const grant = continuedGrant(res.locals.grant)
      const issued = await deps.grantService.continue(grant.id, readInteractRef(req.body))
      if (isGrantError(issued)) throw toHttpError(issued)
      // RFC 9635 section 3: access_token with continue, subject with continue, or both.
      const { token, grant: continued } = issued
      const body: ContinuationBody = {
        ...(token === undefined
          ? {}
          : { access_token: toAccessTokenBody(deps.urls, token, continued.access) }),
        ...(continued.subject === undefined ? {} : { subject: { sub_ids: continued.subject } }),
        continue: continuation(continued),
      }
      res.json(body)
    },
    revoke: async (_req, res) => {
      await deps.grantService.revoke(continuedGrant(res.locals.grant).id)
      res.status(204).end()
    },
  }
}

// The schema has checked the body is an object whose interact_ref, if any, is a string.
function readInteractRef(body: unknown): string | undefined {
  const ref = (body as { interact_ref?: string } | undefined)?.interact_ref
  if (ref === '') throw new HttpError(400, 'invalid_request', '"interact_ref" must be a non-empty string.')
  return ref
}

function continuedGrant(grant: Grant | undefined): Grant {
  if (grant === undefined) throw new Error('continuation route reached without authenticateContinuation')
  return grant
}
