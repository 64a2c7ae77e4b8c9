import type { AccessEntry } from '../authorization/access-context.ts'
import type { Database } from '../db/database.ts'
import type { GrantState } from '../grants/model.ts'
import type { AccessToken, TokenWithGrant } from './model.ts'

interface TokenWithGrantRow {
  id: string
  grant_id: string
  expires_at: Date
  revoked_at: Date | null
  client: string
  access: AccessEntry[]
  state: GrantState
  continue_token: string
  continue_after: Date | null
  grant_created_at: Date
}

function toTokenWithGrant(row: TokenWithGrantRow): TokenWithGrant {
  const token: AccessToken = {
    id: row.id,
    grantId: row.grant_id,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at ?? undefined,
  }
  return {
    token,
    grant: {
      id: row.grant_id,
      client: row.client,
      access: row.access,
      state: row.state,
      continueToken: row.continue_token,
      continueAfter: row.continue_after ?? undefined,
      createdAt: row.grant_created_at,
    },
  }
}

export async function insertAccessToken(
  db: Database,
  token: { id: string; grantId: string; valueHash: string; expiresAt: Date },
): Promise<void> {
  await db('access_tokens').insert({
    id: token.id,
    grant_id: token.grantId,
    value_hash: token.valueHash,
    expires_at: token.expiresAt,
  })
}

function tokensWithGrants(db: Database) {
  return db('access_tokens as t')
    .join('grants as g', 'g.id', 't.grant_id')
    .select<TokenWithGrantRow[]>(
      't.id',
      't.grant_id',
      't.expires_at',
      't.revoked_at',
      'g.client',
      'g.access',
      'g.state',
      'g.continue_token',
      'g.continue_after',
      'g.created_at as grant_created_at',
    )
}

export async function findTokenByHash(db: Database, valueHash: string): Promise<TokenWithGrant | undefined> {
  const [row] = await tokensWithGrants(db).where('t.value_hash', valueHash)
  return row === undefined ? undefined : toTokenWithGrant(row)
}

export async function findTokenById(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<TokenWithGrant | undefined> {
  const query = tokensWithGrants(db).where('t.id', id)
  const [row] = await (options.forUpdate ? query.forUpdate('t') : query)
  return row === undefined ? undefined : toTokenWithGrant(row)
}

export async function revokeAccessToken(db: Database, id: string, at: Date): Promise<void> {
  await db('access_tokens').where({ id }).whereNull('revoked_at').update({ revoked_at: at })
}

export async function revokeGrantTokens(db: Database, grantId: string, at: Date): Promise<void> {
  await db('access_tokens').where({ grant_id: grantId }).whereNull('revoked_at').update({ revoked_at: at })
}
