import type { RequestHandler, Response } from 'express'
import { gnapToken } from '../access-tokens/authorization-header.ts'
import { describeAccessTokenError, isAccessTokenError } from '../access-tokens/errors.ts'
import type { AccessTokenService } from '../access-tokens/service.ts'
import type { PublicUrls } from '../config.ts'
import { HttpError } from '../http/errors.ts'
import type { RequestVerifier } from '../http-signatures/request-verifier.ts'
import type { AccessContext, AccessEntry, AccessType } from './access-context.ts'

declare global {
  namespace Express {
    interface Locals {
      /** Set by the resource guard; absent only behind `guard.optional` when no token was sent. */
      access?: AccessContext
    }
  }
}

/** Every action any access type has; which ones a type accepts is the auth-server document's business. */
export type AccessAction = AccessEntry['actions'][number]

export interface ResourceGuard {
  /**
   * Requires a GNAP token, signed by its client, that grants `type` and `action` (or its `-all` variant
   * for read and list). Without `action`, any action of `type` will do.
   */
  require(type: AccessType, action?: AccessAction): RequestHandler
  /** As `require` when the request carries Authorization; without it the request goes on with no access. */
  optional(type: AccessType, action: AccessAction): RequestHandler
}

export interface ResourceGuardDependencies {
  accessTokenService: AccessTokenService
  /** Verifies signatures against the resource server's PUBLIC_URL. */
  verifier: RequestVerifier
  urls: PublicUrls
}

/**
 * The resource server's authentication and authorization, in the order decisions.md gives them: a GNAP
 * token (401), an active token (401), the client's signature (401), then the token's rights (403).
 */
export function createResourceGuard(deps: ResourceGuardDependencies): ResourceGuard {
  const guard = (type: AccessType, action: AccessAction | undefined, optional: boolean): RequestHandler => {
    return async (req, res, next) => {
      const header = req.get('authorization')
      if (header === undefined && optional) {
        next()
        return
      }
      const value = gnapToken(header)
      if (value === undefined) {
        throw unauthorized(res, deps.urls, 'Send an access token as "Authorization: GNAP <token>".')
      }
      const found = await deps.accessTokenService.findActive(value)
      if (isAccessTokenError(found)) throw unauthorized(res, deps.urls, describeAccessTokenError(found))
      const verified = await deps.verifier.verify(req, found.grant.client)
      if (!verified.ok) throw unauthorized(res, deps.urls, verified.reason, { check: verified.check })
      const entries = found.grant.access.filter((entry) => grants(entry, type, action))
      if (entries.length === 0) {
        throw new HttpError(
          403,
          'forbidden',
          `The access token does not grant ${action === undefined ? 'any action' : `"${action}"`} on ${type}.`,
        )
      }
      res.locals.access = {
        grantId: found.grant.id,
        tokenId: found.token.id,
        client: found.grant.client,
        entries,
      }
      next()
    }
  }
  return {
    require: (type, action) => guard(type, action, false),
    optional: (type, action) => guard(type, action, true),
  }
}

function grants(entry: AccessEntry, type: AccessType, action: AccessAction | undefined): boolean {
  if (entry.type !== type) return false
  if (action === undefined) return entry.actions.length > 0
  const actions: readonly string[] = entry.actions
  return (
    actions.includes(action) ||
    ((action === 'read' || action === 'list') && actions.includes(`${action}-all`))
  )
}

/** The header tells the client where to get a token (decisions.md: the grant endpoint). */
export function wwwAuthenticate(urls: PublicUrls): string {
  return `GNAP as_uri="${urls.authServer}"`
}

function unauthorized(
  res: Response,
  urls: PublicUrls,
  description: string,
  details?: Record<string, unknown>,
): HttpError {
  res.set('WWW-Authenticate', wwwAuthenticate(urls))
  return new HttpError(401, 'unauthorized', description, details)
}
