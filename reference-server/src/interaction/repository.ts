import type { Database } from '../db/database.ts'
import type { Interaction } from './model.ts'

interface InteractionRow {
  id: string
  grant_id: string
  server_nonce: string
  client_nonce: string
  finish_uri: string
  client_name: string | null
  interact_ref: string | null
  expires_at: Date
  decided_at: Date | null
}

function toInteraction(row: InteractionRow): Interaction {
  return {
    id: row.id,
    grantId: row.grant_id,
    serverNonce: row.server_nonce,
    clientNonce: row.client_nonce,
    finishUri: row.finish_uri,
    clientName: row.client_name ?? undefined,
    interactRef: row.interact_ref ?? undefined,
    expiresAt: row.expires_at,
    decidedAt: row.decided_at ?? undefined,
  }
}

export async function insertInteraction(
  db: Database,
  interaction: Omit<Interaction, 'interactRef' | 'decidedAt'>,
): Promise<Interaction> {
  const [row] = await db<InteractionRow>('interactions')
    .insert({
      id: interaction.id,
      grant_id: interaction.grantId,
      server_nonce: interaction.serverNonce,
      client_nonce: interaction.clientNonce,
      finish_uri: interaction.finishUri,
      client_name: interaction.clientName ?? null,
      expires_at: interaction.expiresAt,
    })
    .returning('*')
  if (row === undefined) throw new Error(`interaction of grant ${interaction.grantId} was not inserted`)
  return toInteraction(row)
}

export async function findInteraction(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<Interaction | undefined> {
  const query = db<InteractionRow>('interactions').where({ id }).first()
  const row = await (options.forUpdate ? query.forUpdate() : query)
  return row === undefined ? undefined : toInteraction(row)
}

export async function findInteractionOfGrant(
  db: Database,
  grantId: string,
): Promise<Interaction | undefined> {
  const row = await db<InteractionRow>('interactions').where({ grant_id: grantId }).first()
  return row === undefined ? undefined : toInteraction(row)
}

export async function recordDecision(
  db: Database,
  id: string,
  decision: { interactRef: string | undefined; decidedAt: Date },
): Promise<void> {
  await db('interactions')
    .where({ id })
    .update({ interact_ref: decision.interactRef ?? null, decided_at: decision.decidedAt })
}
