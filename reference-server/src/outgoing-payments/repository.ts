import type { Database } from '../db/database.ts'
import { refusedNull, violatedConstraint } from '../db/violated-constraint.ts'
import type { IncomingPayment } from '../incoming-payments/model.ts'
import {
  type IncomingPaymentRow,
  idWhileReceiving,
  toIncomingPayment,
} from '../incoming-payments/repository.ts'
import { releaseSpent } from '../outgoing-payment-grants/repository.ts'
import type { Quote } from '../quotes/model.ts'
import { type QuoteRow, toQuote } from '../quotes/repository.ts'
import { type PageInfo, type PageRequest, pageRows } from '../shared/pagination.ts'
import type { JsonObject } from '../shared/request-input.ts'
import type { OutgoingPayment, OutgoingPaymentState } from './model.ts'

interface OutgoingPaymentRow {
  id: string
  wallet_address_id: string
  client: string | null
  grant_id: string | null
  quote_id: string | null
  incoming_payment_id: string
  debit_amount: string
  debit_asset_code: string
  debit_asset_scale: number
  receive_amount: string
  receive_asset_code: string
  receive_asset_scale: number
  sent_amount: string
  state: OutgoingPaymentState
  metadata: JsonObject | null
  created_at: Date
  wallet_address_name: string
}

function toOutgoingPayment(row: OutgoingPaymentRow): OutgoingPayment {
  const debitAsset = { assetCode: row.debit_asset_code, assetScale: row.debit_asset_scale }
  return {
    id: row.id,
    walletAddressId: row.wallet_address_id,
    walletAddressName: row.wallet_address_name,
    client: row.client ?? undefined,
    grantId: row.grant_id ?? undefined,
    quoteId: row.quote_id ?? undefined,
    incomingPaymentId: row.incoming_payment_id,
    debitAmount: { value: BigInt(row.debit_amount), ...debitAsset },
    receiveAmount: {
      value: BigInt(row.receive_amount),
      assetCode: row.receive_asset_code,
      assetScale: row.receive_asset_scale,
    },
    sentAmount: { value: BigInt(row.sent_amount), ...debitAsset },
    state: row.state,
    metadata: row.metadata ?? undefined,
    createdAt: row.created_at,
  }
}

function selectOutgoingPayments(db: Database) {
  return db('outgoing_payments as op')
    .join('wallet_addresses as w', 'w.id', 'op.wallet_address_id')
    .select<OutgoingPaymentRow[]>('op.*', 'w.name as wallet_address_name')
}

export async function findOutgoingPayment(db: Database, id: string): Promise<OutgoingPayment | undefined> {
  const row = await selectOutgoingPayments(db).where('op.id', id).first()
  return row === undefined ? undefined : toOutgoingPayment(row)
}

/** A page of a wallet address's payments (only `client`'s when set); see pageRows. */
export async function pageOutgoingPayments(
  db: Database,
  walletAddress: { id: string; name: string },
  client: string | undefined,
  page: PageRequest,
): Promise<{ items: OutgoingPayment[]; pageInfo: PageInfo } | undefined> {
  const scope = { wallet_address_id: walletAddress.id, ...(client === undefined ? {} : { client }) }
  const found = await pageRows<Omit<OutgoingPaymentRow, 'wallet_address_name'>>(
    db,
    'outgoing_payments',
    scope,
    page,
  )
  if (found === undefined) return undefined
  const items = found.rows.map((row) =>
    toOutgoingPayment({ ...row, wallet_address_name: walletAddress.name }),
  )
  return { items, pageInfo: found.pageInfo }
}

export interface QuoteToPay {
  quote: Quote
  receiver: IncomingPayment
  /** A payment of the quote was committed before this read. */
  used: boolean
}

// Each side keeps its table's own column names (toQuote and toIncomingPayment read them), so the row comes back
// as an array and is split at `used`.
const FIND_QUOTE_TO_PAY = `select q.*, qw.name as wallet_address_name, qw.asset_code, qw.asset_scale,
    exists (select 1 from outgoing_payments as op where op.quote_id = q.id) as used,
    ip.*, w.name as wallet_address_name, w.asset_code, w.asset_scale
  from quotes as q
  join wallet_addresses as qw on qw.id = q.wallet_address_id
  join incoming_payments as ip on ip.id = q.incoming_payment_id
  join wallet_addresses as w on w.id = ip.wallet_address_id
  where q.id = ?`

/**
 * A quote with what paying it depends on, in one statement and without a lock: the unique index on
 * outgoing_payments.quote_id refuses a second payment of it (isQuoteUseConflict), and the payment engine checks
 * the receiver again when it settles.
 */
export async function findQuoteToPay(db: Database, quoteId: string): Promise<QuoteToPay | undefined> {
  const { rows, fields } = await db
    .raw<{ rows: unknown[][]; fields: { name: string }[] }>(FIND_QUOTE_TO_PAY, [quoteId])
    .options({ rowMode: 'array' })
  const [row] = rows
  if (row === undefined) return undefined
  const used = fields.findIndex((field) => field.name === 'used')
  const record = (from: number, to: number) =>
    Object.fromEntries(fields.slice(from, to).map((field, i) => [field.name, row[from + i]]))
  return {
    quote: toQuote(record(0, used) as unknown as QuoteRow),
    receiver: toIncomingPayment(record(used + 1, fields.length) as unknown as IncomingPaymentRow),
    used: row[used] === true,
  }
}

/** Whether a database error is a payment's insert refused because its receiver could not receive it (checkReceiver). */
export function isReceiverRefused(error: unknown): boolean {
  return refusedNull(error) === 'outgoing_payments.incoming_payment_id'
}

/** Whether a database error is a second payment of one quote, refused by the unique index on quote_id. */
export function isQuoteUseConflict(error: unknown): boolean {
  return violatedConstraint(error) === 'outgoing_payments_quote_id_unique'
}

/**
 * The payment's insert, not yet sent: to send it alongside another statement. `spendingWindow` names the grant
 * totals it counts in (spendingWindowKey). With `checkReceiver`, the receiver's id is taken from its row, and only
 * while it can still receive the payment; otherwise it is null, which the column refuses, and the whole statement
 * fails with nothing written (isReceiverRefused).
 */
export function outgoingPaymentInsert(
  db: Database,
  payment: Omit<OutgoingPayment, 'walletAddressName'>,
  spendingWindow: string,
  checkReceiver: boolean,
) {
  return db('outgoing_payments').insert({
    id: payment.id,
    wallet_address_id: payment.walletAddressId,
    client: payment.client ?? null,
    grant_id: payment.grantId ?? null,
    quote_id: payment.quoteId ?? null,
    incoming_payment_id: checkReceiver
      ? idWhileReceiving(db, payment.incomingPaymentId, payment.receiveAmount.value)
      : payment.incomingPaymentId,
    debit_amount: payment.debitAmount.value.toString(),
    debit_asset_code: payment.debitAmount.assetCode,
    debit_asset_scale: payment.debitAmount.assetScale,
    receive_amount: payment.receiveAmount.value.toString(),
    receive_asset_code: payment.receiveAmount.assetCode,
    receive_asset_scale: payment.receiveAmount.assetScale,
    sent_amount: payment.sentAmount.value.toString(),
    state: payment.state,
    metadata: payment.metadata === undefined ? null : JSON.stringify(payment.metadata),
    created_at: payment.createdAt,
    spending_window: spendingWindow,
  })
}

/**
 * Claims the oldest payments waiting to be sent, at most `limit`, and locks them for the transaction. SKIP
 * LOCKED lets several engines (one per server instance) share the database, each settling different payments.
 */
export async function claimNextSendingPayments(db: Database, limit: number): Promise<OutgoingPayment[]> {
  const rows = await selectOutgoingPayments(db)
    .where('op.state', 'sending')
    .orderBy([{ column: 'op.created_at' }, { column: 'op.id' }])
    .forUpdate('op')
    .skipLocked()
    .limit(limit)
  return rows.map(toOutgoingPayment)
}

/** Marks payments completed with what each sent, in one statement. */
export async function markOutgoingPaymentsCompleted(
  db: Database,
  payments: readonly { id: string; sentAmount: bigint }[],
): Promise<void> {
  if (payments.length === 0) return
  await db.raw(
    `update outgoing_payments as op set state = 'completed', sent_amount = v.sent
     from (values ${payments.map(() => '(?::uuid, ?::numeric)').join(', ')}) as v(id, sent) where op.id = v.id`,
    payments.flatMap(({ id, sentAmount }) => [id, sentAmount.toString()]),
  )
}

/** Marks payments failed, which gives what they reserved back to their grants' totals. */
export async function markOutgoingPaymentsFailed(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  const failed = await db('outgoing_payments')
    .whereIn('id', ids)
    .update({ state: 'failed' })
    .returning<(Omit<OutgoingPaymentRow, 'wallet_address_name'> & { spending_window: string | null })[]>('*')
  const released = failed.flatMap((row) => {
    if (row.grant_id === null || row.spending_window === null) return []
    const { debitAmount, receiveAmount } = toOutgoingPayment({ ...row, wallet_address_name: '' })
    return [{ grantId: row.grant_id, window: row.spending_window, debitAmount, receiveAmount }]
  })
  await releaseSpent(db, released)
}
