import type { AccessEntry } from '../authorization/access-context.ts'
import type { Database } from '../db/database.ts'
import type { Grant, GrantState, SubjectId } from './model.ts'

interface GrantRow {
  id: string
  client: string
  access: AccessEntry[]
  subject: SubjectId[] | null
  state: GrantState
  continue_token: string
  continue_after: Date | null
  created_at: Date
}

function toGrant(row: GrantRow): Grant {
  return {
    id: row.id,
    client: row.client,
    access: row.access,
    ...(row.subject === null ? {} : { subject: row.subject }),
    state: row.state,
    continueToken: row.continue_token,
    continueAfter: row.continue_after ?? undefined,
    createdAt: row.created_at,
  }
}

export interface NewGrant {
  id: string
  client: string
  access: AccessEntry[]
  subject?: SubjectId[]
  state: GrantState
  continueToken: string
  continueAfter: Date | undefined
}

export async function insertGrant(db: Database, grant: NewGrant): Promise<Grant> {
  const [row] = await db<GrantRow>('grants')
    .insert({
      id: grant.id,
      client: grant.client,
      access: JSON.stringify(grant.access) as unknown as AccessEntry[],
      subject: grant.subject === undefined ? null : (JSON.stringify(grant.subject) as unknown as SubjectId[]),
      state: grant.state,
      continue_token: grant.continueToken,
      continue_after: grant.continueAfter ?? null,
    })
    .returning('*')
  if (row === undefined) throw new Error(`grant ${grant.id} was not inserted`)
  return toGrant(row)
}

export async function findGrant(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<Grant | undefined> {
  const query = db<GrantRow>('grants').where({ id }).first()
  const row = await (options.forUpdate ? query.forUpdate() : query)
  return row === undefined ? undefined : toGrant(row)
}

export async function updateGrantState(db: Database, id: string, state: GrantState): Promise<void> {
  await db('grants').where({ id }).update({ state })
}
