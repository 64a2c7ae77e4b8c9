import type { AccessToken as OpenPaymentsAccessToken } from '@interledger/open-payments'
import type { Request, RequestHandler, Response } from 'express'
import type { PublicUrls } from '../config.ts'
import { isUuid } from '../shared/request-input.ts'
import { gnapToken } from './authorization-header.ts'
import { AccessTokenError, isAccessTokenError, toHttpError } from './errors.ts'
import { type TokenWithGrant, toAccessTokenBody } from './model.ts'
import type { AccessTokenService } from './service.ts'

declare global {
  namespace Express {
    interface Locals {
      /** The token a management request is about, once its value was presented. */
      managedToken?: TokenWithGrant
    }
  }
}

interface RouteDependencies {
  accessTokenService: AccessTokenService
  urls: PublicUrls
}

type IdParams = { id: string }

export interface AccessTokenRoutes {
  /** Identifies the managed token by the manage URL and the token presented; sets the signer to its client. */
  authenticate: RequestHandler<IdParams>
  rotate: RequestHandler<IdParams>
  revoke: RequestHandler<IdParams>
}

export function createAccessTokenRoutes(deps: RouteDependencies): AccessTokenRoutes {
  return {
    authenticate: (req, res, next) => authenticateManagement(deps, req, res, next),
    rotate: (_req, res) => rotateToken(deps, res),
    revoke: (_req, res) => revokeToken(deps, res),
  }
}

async function authenticateManagement(
  deps: RouteDependencies,
  req: Request<IdParams>,
  res: Response,
  next: () => void,
): Promise<void> {
  const value = gnapToken(req.get('authorization'))
  if (value === undefined) throw toHttpError(AccessTokenError.MissingToken)
  const found = isUuid(req.params.id)
    ? await deps.accessTokenService.findManaged(req.params.id, value)
    : AccessTokenError.UnknownManagementId
  // Revoking is idempotent, so DELETE does not reveal whether the management id exists.
  if (found === AccessTokenError.UnknownManagementId && req.method === 'DELETE') {
    throw toHttpError(AccessTokenError.WrongToken)
  }
  if (isAccessTokenError(found)) throw toHttpError(found)
  res.locals.managedToken = found
  res.locals.signer = found.grant.client
  next()
}

async function rotateToken(deps: RouteDependencies, res: Response): Promise<void> {
  const managed = managedToken(res)
  const rotated = await deps.accessTokenService.rotate(managed.token.id)
  if (isAccessTokenError(rotated)) throw toHttpError(rotated)
  const body: OpenPaymentsAccessToken = {
    access_token: toAccessTokenBody(deps.urls, rotated, managed.grant.access),
  }
  res.json(body)
}

async function revokeToken(deps: RouteDependencies, res: Response): Promise<void> {
  await deps.accessTokenService.revoke(managedToken(res).token.id)
  res.status(204).end()
}

function managedToken(res: Response): TokenWithGrant {
  const value = res.locals.managedToken
  if (value === undefined) throw new Error('token management route reached without authenticate')
  return value
}
