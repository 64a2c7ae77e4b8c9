import type { Database } from '../db/database.ts'
import { type PageInfo, type PageRequest, pageRows } from '../shared/pagination.ts'
import type { JsonObject } from '../shared/request-input.ts'
import type { WalletAddressIdentity } from '../wallet-addresses/identity-cache.ts'
import type { IncomingPayment } from './model.ts'

export interface IncomingPaymentRow {
  id: string
  wallet_address_id: string
  client: string | null
  incoming_amount: string | null
  received_amount: string
  completed: boolean
  expires_at: Date | null
  metadata: JsonObject | null
  shared_secret: string
  created_at: Date
  wallet_address_name: string
  asset_code: string
  asset_scale: number
}

export interface NewIncomingPayment {
  id: string
  walletAddressId: string
  client: string | undefined
  incomingAmount: bigint | undefined
  expiresAt: Date | undefined
  metadata: JsonObject | undefined
  sharedSecret: string
  createdAt: Date
}

export function toIncomingPayment(row: IncomingPaymentRow): IncomingPayment {
  return {
    id: row.id,
    walletAddressId: row.wallet_address_id,
    walletAddressName: row.wallet_address_name,
    asset: { assetCode: row.asset_code, assetScale: row.asset_scale },
    client: row.client ?? undefined,
    incomingAmount: row.incoming_amount === null ? undefined : BigInt(row.incoming_amount),
    receivedAmount: BigInt(row.received_amount),
    completed: row.completed,
    expiresAt: row.expires_at ?? undefined,
    metadata: row.metadata ?? undefined,
    sharedSecret: row.shared_secret,
    createdAt: row.created_at,
  }
}

function selectIncomingPayments(db: Database) {
  return db('incoming_payments as ip')
    .join('wallet_addresses as w', 'w.id', 'ip.wallet_address_id')
    .select<IncomingPaymentRow[]>('ip.*', 'w.name as wallet_address_name', 'w.asset_code', 'w.asset_scale')
}

/**
 * The condition under which the incoming payment `ip` can still receive an amount (the condition's one binding):
 * not completed, and within its incomingAmount when it has one. What a receiver read first would check, for
 * statements that check it themselves.
 */
export const RECEIVES_AMOUNT =
  'not ip.completed and (ip.incoming_amount is null or ip.received_amount + ?::numeric <= ip.incoming_amount)'

/** The incoming payment's id while it can still receive `amount` (RECEIVES_AMOUNT), else null: a statement's value. */
export function idWhileReceiving(db: Database, id: string, amount: bigint) {
  return db.raw(`(select ip.id from incoming_payments as ip where ip.id = ?::uuid and ${RECEIVES_AMOUNT})`, [
    id,
    amount.toString(),
  ])
}

// The server's most frequent read (every signed GET of an incoming payment, and the quotes and payments to one
// it has not seen) as fixed text: building it with knex's query builder took about 5 % of a signed GET's CPU.
// The same columns and join as selectIncomingPayments, which the many-row lock still builds.
const FIND_INCOMING_PAYMENT = `select ip.*, w.name as wallet_address_name, w.asset_code, w.asset_scale
  from incoming_payments as ip join wallet_addresses as w on w.id = ip.wallet_address_id where ip.id = ?`

/**
 * `forUpdate` locks the payment row until the transaction ends (completion, settlement). NO KEY UPDATE, as
 * no key changes: it leaves the KEY SHARE locks of foreign-key checks free, so creating an outgoing payment
 * to this receiver neither waits for a settlement nor deadlocks with it.
 */
export async function findIncomingPayment(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<IncomingPayment | undefined> {
  // Of the payment only: its wallet address stays free for the balance locks of a settlement.
  const sql = options.forUpdate ? `${FIND_INCOMING_PAYMENT} for no key update of ip` : FIND_INCOMING_PAYMENT
  const { rows } = await db.raw<{ rows: IncomingPaymentRow[] }>(sql, [id])
  return rows[0] === undefined ? undefined : toIncomingPayment(rows[0])
}

/** A page of a wallet address's payments (only `client`'s when set); see pageRows. */
/** Locks the payments' rows in id order (as findIncomingPayment's forUpdate does one) and returns them by id. */
export async function lockIncomingPayments(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, IncomingPayment>> {
  const rows = await selectIncomingPayments(db)
    .whereIn('ip.id', [...new Set(ids)])
    .orderBy('ip.id')
    .forNoKeyUpdate('ip')
  return new Map(rows.map((row) => [row.id, toIncomingPayment(row)]))
}

export async function pageIncomingPayments(
  db: Database,
  walletAddress: WalletAddressIdentity,
  client: string | undefined,
  page: PageRequest,
): Promise<{ items: IncomingPayment[]; pageInfo: PageInfo } | undefined> {
  const scope = { wallet_address_id: walletAddress.id, ...(client === undefined ? {} : { client }) }
  const found = await pageRows<
    Omit<IncomingPaymentRow, 'wallet_address_name' | 'asset_code' | 'asset_scale'>
  >(db, 'incoming_payments', scope, page)
  if (found === undefined) return undefined
  const { name, assetCode, assetScale } = walletAddress
  const joined = { wallet_address_name: name, asset_code: assetCode, asset_scale: assetScale }
  return {
    items: found.rows.map((row) => toIncomingPayment({ ...row, ...joined })),
    pageInfo: found.pageInfo,
  }
}

export async function insertIncomingPayment(db: Database, input: NewIncomingPayment): Promise<void> {
  await db('incoming_payments').insert({
    id: input.id,
    wallet_address_id: input.walletAddressId,
    client: input.client ?? null,
    incoming_amount: input.incomingAmount?.toString() ?? null,
    received_amount: '0',
    expires_at: input.expiresAt ?? null,
    metadata: input.metadata === undefined ? null : JSON.stringify(input.metadata),
    shared_secret: input.sharedSecret,
    created_at: input.createdAt,
  })
}

export async function markIncomingPaymentCompleted(db: Database, id: string): Promise<void> {
  await db('incoming_payments').where({ id }).update({ completed: true })
}

/**
 * Adds received amounts, by incoming payment id, in one statement, completing each payment that reaches its
 * incomingAmount.
 */
export async function addReceivedAmounts(db: Database, amounts: ReadonlyMap<string, bigint>): Promise<void> {
  if (amounts.size === 0) return
  const rows = [...amounts]
  await db.raw(
    `update incoming_payments as ip set received_amount = ip.received_amount + v.amount,
      completed = ip.completed or (ip.incoming_amount is not null and ip.received_amount + v.amount >= ip.incoming_amount)
     from (values ${rows.map(() => '(?::uuid, ?::numeric)').join(', ')}) as v(id, amount) where ip.id = v.id`,
    rows.flatMap(([id, amount]) => [id, amount.toString()]),
  )
}
