import { randomUUID } from 'node:crypto'
import type { Database } from '../db/database.ts'
import type { Grant } from '../grants/model.ts'
import { findGrant, updateGrantState } from '../grants/repository.ts'
import { InteractionError, isInteractionError } from './errors.ts'
import type { Interaction } from './model.ts'
import { findInteraction, recordDecision } from './repository.ts'

export interface OpenInteraction {
  interaction: Interaction
  grant: Grant
}

export type Decision =
  | { accepted: true; interaction: Interaction }
  | { accepted: false; interaction: Interaction }

export interface InteractionService {
  /** An interaction the resource owner can still answer. */
  getOpen(id: string): Promise<OpenInteraction | InteractionError>
  /** Records the resource owner's answer once; accepting generates the interact_ref. */
  decide(id: string, accept: boolean): Promise<Decision | InteractionError>
}

interface ServiceDependencies {
  db: Database
}

export function createInteractionService(deps: ServiceDependencies): InteractionService {
  return {
    getOpen: (id) => getOpen(deps.db, id),
    decide: (id, accept) => decide(deps, id, accept),
  }
}

async function getOpen(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<OpenInteraction | InteractionError> {
  const interaction = await findInteraction(db, id, options)
  if (interaction === undefined) return InteractionError.UnknownInteraction
  const grant = await findGrant(db, interaction.grantId, options)
  // A grant the client cancelled has nothing left to consent to.
  if (grant === undefined || grant.state === 'revoked') return InteractionError.UnknownInteraction
  if (interaction.decidedAt !== undefined || grant.state !== 'pending') return InteractionError.AlreadyDecided
  if (interaction.expiresAt <= new Date()) return InteractionError.ExpiredInteraction
  return { interaction, grant }
}

async function decide(
  deps: ServiceDependencies,
  id: string,
  accept: boolean,
): Promise<Decision | InteractionError> {
  return deps.db.transaction(async (trx) => {
    // Locked so a double submit (two tabs, a retried POST) records one answer.
    const open = await getOpen(trx, id, { forUpdate: true })
    if (isInteractionError(open)) return open
    const decided = { interactRef: accept ? randomUUID() : undefined, decidedAt: new Date() }
    await recordDecision(trx, id, decided)
    await updateGrantState(trx, open.grant.id, accept ? 'approved' : 'rejected')
    return { accepted: accept, interaction: { ...open.interaction, ...decided } }
  })
}
