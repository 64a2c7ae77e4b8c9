import type { Database } from '../db/database.ts'
import { RECEIVES_AMOUNT } from '../incoming-payments/repository.ts'
import type { Quote } from './model.ts'

export interface QuoteRow {
  id: string
  wallet_address_id: string
  client: string | null
  incoming_payment_id: string
  debit_amount: string
  receive_amount: string
  receive_asset_code: string
  receive_asset_scale: number
  method: string
  expires_at: Date
  created_at: Date
  wallet_address_name: string
  asset_code: string
  asset_scale: number
}

export function toQuote(row: QuoteRow): Quote {
  return {
    id: row.id,
    walletAddressId: row.wallet_address_id,
    walletAddressName: row.wallet_address_name,
    client: row.client ?? undefined,
    incomingPaymentId: row.incoming_payment_id,
    debitAmount: { value: BigInt(row.debit_amount), assetCode: row.asset_code, assetScale: row.asset_scale },
    receiveAmount: {
      value: BigInt(row.receive_amount),
      assetCode: row.receive_asset_code,
      assetScale: row.receive_asset_scale,
    },
    method: 'ilp',
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  }
}

export async function findQuote(db: Database, id: string): Promise<Quote | undefined> {
  const row = await db('quotes as q')
    .join('wallet_addresses as w', 'w.id', 'q.wallet_address_id')
    .where('q.id', id)
    .first<QuoteRow | undefined>('q.*', 'w.name as wallet_address_name', 'w.asset_code', 'w.asset_scale')
  return row === undefined ? undefined : toQuote(row)
}

export async function insertQuote(db: Database, quote: Omit<Quote, 'walletAddressName'>): Promise<void> {
  await db('quotes').insert({
    id: quote.id,
    wallet_address_id: quote.walletAddressId,
    client: quote.client ?? null,
    incoming_payment_id: quote.incomingPaymentId,
    debit_amount: quote.debitAmount.value.toString(),
    receive_amount: quote.receiveAmount.value.toString(),
    receive_asset_code: quote.receiveAmount.assetCode,
    receive_asset_scale: quote.receiveAmount.assetScale,
    method: quote.method,
    expires_at: quote.expiresAt,
    created_at: quote.createdAt,
  })
}

/**
 * Inserts the quote only while its receiver is not completed and has room for its receiveAmount (always, without
 * an incomingAmount), in one statement; returns whether it did. The checks of a receiver read first, made by the
 * statement itself (see createToKnownReceiver in service.ts).
 */
export async function insertQuoteIfReceivable(
  db: Database,
  quote: Omit<Quote, 'walletAddressName'>,
): Promise<boolean> {
  const { rows } = await db.raw<{ rows: unknown[] }>(
    `insert into quotes (id, wallet_address_id, client, incoming_payment_id, debit_amount, receive_amount,
       receive_asset_code, receive_asset_scale, method, expires_at, created_at)
     select ?::uuid, ?::uuid, ?::text, ip.id, ?::numeric, ?::numeric, ?::text, ?::smallint, ?::text,
       ?::timestamptz, ?::timestamptz
     from incoming_payments as ip
     where ip.id = ?::uuid and ${RECEIVES_AMOUNT}
     returning quotes.id`,
    [
      quote.id,
      quote.walletAddressId,
      quote.client ?? null,
      quote.debitAmount.value.toString(),
      quote.receiveAmount.value.toString(),
      quote.receiveAmount.assetCode,
      quote.receiveAmount.assetScale,
      quote.method,
      quote.expiresAt,
      quote.createdAt,
      quote.incomingPaymentId,
      quote.receiveAmount.value.toString(),
    ],
  )
  return rows.length === 1
}
