import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { ActiveTokenCache } from '../access-tokens/active-token-cache.ts'
import type { IssuedToken } from '../access-tokens/model.ts'
import { revokeGrantTokens } from '../access-tokens/repository.ts'
import { issueAccessToken } from '../access-tokens/service.ts'
import type { ClientWalletService } from '../client-wallets/service.ts'
import type { Database } from '../db/database.ts'
import { type Interaction, newInteractionId, newNonce } from '../interaction/model.ts'
import { findInteractionOfGrant, insertInteraction } from '../interaction/repository.ts'
import { GrantError } from './errors.ts'
import type { Grant } from './model.ts'
import { findGrant, insertGrant, updateGrantState } from './repository.ts'
import type { GrantRequestInput } from './request.ts'

export type GrantRequestOutcome =
  | { kind: 'issued'; grant: Grant; token: IssuedToken }
  | { kind: 'pending'; grant: Grant; interaction: Interaction }

export interface IssuedGrant {
  grant: Grant
  /** Undefined for a grant that asked for subject information only. */
  token: IssuedToken | undefined
}

export interface GrantService {
  /** Issues the grant at once, or opens an interaction when it needs the resource owner's consent. */
  request(input: GrantRequestInput): Promise<GrantRequestOutcome>
  /** The grant a continuation URI and token designate (cancelled grants no longer exist for the client). */
  findForContinuation(id: string, continueToken: string): Promise<Grant | GrantError>
  /** Issues the access token (if it asked for access) of an accepted grant, once. */
  continue(grantId: string, interactRef: string | undefined): Promise<IssuedGrant | GrantError>
  /** Cancels the grant and revokes all its tokens. */
  revoke(grantId: string): Promise<void>
}

export interface GrantServiceDependencies {
  db: Database
  clientWallets: ClientWalletService
  /** GRANT_WAIT_SECONDS. */
  waitSeconds: number
  /** INTERACTION_EXPIRES_IN. */
  interactionExpiresIn: number
  /** ACCESS_TOKEN_EXPIRES_IN. */
  accessTokenExpiresIn: number
  /** The resource server's cache of active tokens, which a revoked grant's tokens must leave. */
  tokenCache: ActiveTokenCache
}

export function createGrantService(deps: GrantServiceDependencies): GrantService {
  return {
    request: (input) => request(deps, input),
    findForContinuation: (id, continueToken) => findForContinuation(deps, id, continueToken),
    continue: (grantId, interactRef) => continueGrant(deps, grantId, interactRef),
    revoke: (grantId) => revoke(deps, grantId),
  }
}

async function request(
  deps: GrantServiceDependencies,
  input: GrantRequestInput,
): Promise<GrantRequestOutcome> {
  const continueToken = randomBytes(32).toString('base64url')
  const { interact } = input
  if (interact === undefined) {
    return deps.db.transaction(async (trx) => {
      const grant = await insertGrant(trx, {
        id: randomUUID(),
        client: input.client,
        access: input.access,
        state: 'issued',
        continueToken,
        continueAfter: undefined,
      })
      return {
        kind: 'issued',
        grant,
        token: await issueAccessToken(trx, grant.id, deps.accessTokenExpiresIn),
      }
    })
  }
  // Read before the transaction: the client's server may be slow, and the page can do without the name.
  const display = await deps.clientWallets.getDisplay(input.client)
  return deps.db.transaction(async (trx) => {
    const now = Date.now()
    const grant = await insertGrant(trx, {
      id: randomUUID(),
      client: input.client,
      access: input.access,
      ...(input.subject === undefined ? {} : { subject: input.subject }),
      state: 'pending',
      continueToken,
      continueAfter: new Date(now + deps.waitSeconds * 1000),
    })
    const interaction = await insertInteraction(trx, {
      id: newInteractionId(),
      grantId: grant.id,
      serverNonce: newNonce(),
      clientNonce: interact.clientNonce,
      finishUri: interact.finishUri,
      clientName: display.publicName,
      expiresAt: new Date(now + deps.interactionExpiresIn * 1000),
    })
    return { kind: 'pending', grant, interaction }
  })
}

async function findForContinuation(
  deps: GrantServiceDependencies,
  id: string,
  continueToken: string,
): Promise<Grant | GrantError> {
  const grant = await findGrant(deps.db, id)
  if (grant === undefined || grant.state === 'revoked') return GrantError.UnknownContinuation
  return sameSecret(grant.continueToken, continueToken) ? grant : GrantError.WrongContinueToken
}

async function continueGrant(
  deps: GrantServiceDependencies,
  grantId: string,
  interactRef: string | undefined,
): Promise<IssuedGrant | GrantError> {
  return deps.db.transaction(async (trx) => {
    // Locked so that two simultaneous continuations cannot both receive a token.
    const grant = await findGrant(trx, grantId, { forUpdate: true })
    if (grant === undefined || grant.state === 'revoked') return GrantError.UnknownContinuation
    if (grant.continueAfter !== undefined && new Date() < grant.continueAfter) return GrantError.TooFast
    if (interactRef === undefined) {
      if (grant.state === 'issued') return GrantError.AlreadyIssued
      return grant.state === 'rejected' ? GrantError.Rejected : GrantError.MissingInteractRef
    }
    const interaction = await findInteractionOfGrant(trx, grant.id)
    if (interaction?.interactRef === undefined || !sameSecret(interaction.interactRef, interactRef)) {
      return GrantError.UnknownInteractRef
    }
    if (grant.state === 'issued') return GrantError.AlreadyIssued
    if (grant.state !== 'approved') return GrantError.NotApproved
    await updateGrantState(trx, grant.id, 'issued')
    const token =
      grant.access.length === 0 ? undefined : await issueAccessToken(trx, grant.id, deps.accessTokenExpiresIn)
    return { grant: { ...grant, state: 'issued' }, token }
  })
}

async function revoke(deps: GrantServiceDependencies, grantId: string): Promise<void> {
  await deps.db.transaction(async (trx) => {
    await updateGrantState(trx, grantId, 'revoked')
    await revokeGrantTokens(trx, grantId, new Date())
  })
  deps.tokenCache.evictGrant(grantId)
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}
