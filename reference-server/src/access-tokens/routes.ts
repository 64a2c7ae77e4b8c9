import type { AccessToken as OpenPaymentsAccessToken } from '@interledger/open-payments'
import type { RequestHandler } from 'express'
import type { AccessEntry } from '../authorization/access-context.ts'
import type { PublicUrls } from '../config.ts'
import { HttpError } from '../http/errors.ts'
import { isUuid } from '../shared/request-input.ts'
import { gnapToken } from './authorization-header.ts'
import { AccessTokenError, isAccessTokenError, toManagementHttpError } from './errors.ts'
import type { IssuedToken, TokenWithGrant } from './model.ts'
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

/** The management URL names the token by its id, never by its value. */
export function manageUrl(urls: PublicUrls, tokenId: string): string {
  return `${urls.authServer}/token/${tokenId}`
}

export function toAccessTokenBody(
  urls: PublicUrls,
  token: IssuedToken,
  access: AccessEntry[],
): OpenPaymentsAccessToken['access_token'] {
  return { value: token.value, manage: manageUrl(urls, token.id), expires_in: token.expiresIn, access }
}

export function createAccessTokenRoutes(deps: RouteDependencies): AccessTokenRoutes {
  return {
    authenticate: async (req, res, next) => {
      const value = gnapToken(req.get('authorization'))
      if (value === undefined) {
        throw new HttpError(401, 'invalid_client', 'Send the access token as "Authorization: GNAP <token>".')
      }
      const found = isUuid(req.params.id)
        ? await deps.accessTokenService.findManaged(req.params.id, value)
        : AccessTokenError.UnknownManagementId
      // Revoking is idempotent, so DELETE does not reveal whether the management id exists.
      if (found === AccessTokenError.UnknownManagementId && req.method === 'DELETE') {
        throw toManagementHttpError(AccessTokenError.WrongToken)
      }
      if (isAccessTokenError(found)) throw toManagementHttpError(found)
      res.locals.managedToken = found
      res.locals.signer = found.grant.client
      next()
    },
    rotate: async (_req, res) => {
      const managed = managedToken(res.locals.managedToken)
      const rotated = await deps.accessTokenService.rotate(managed.token.id)
      if (isAccessTokenError(rotated)) throw toManagementHttpError(rotated)
      const body: OpenPaymentsAccessToken = {
        access_token: toAccessTokenBody(deps.urls, rotated, managed.grant.access),
      }
      res.json(body)
    },
    revoke: async (_req, res) => {
      await deps.accessTokenService.revoke(managedToken(res.locals.managedToken).token.id)
      res.status(204).end()
    },
  }
}

function managedToken(value: TokenWithGrant | undefined): TokenWithGrant {
  if (value === undefined) throw new Error('token management route reached without authenticate')
  return value
}
