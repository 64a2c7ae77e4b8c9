import type { Knex } from 'knex'
import type { Database } from '../db/database.ts'
import type { Asset } from '../shared/amount.ts'

/**
 * What moved the money. The kind fixes the direction, so amounts stay unsigned: `seed` and
 * `incoming-payment` credit the wallet address, `outgoing-payment` debits it.
 */
export type LedgerMovementKind = 'seed' | 'outgoing-payment' | 'incoming-payment'

const DEBIT_KINDS: readonly LedgerMovementKind[] = ['outgoing-payment']

export interface LedgerMovementInput {
  walletAddressId: string
  amount: bigint
  kind: LedgerMovementKind
  /** The payment that caused the movement (not set for seed movements). */
  outgoingPaymentId?: string
}

/**
 * Records a movement and applies it to the cached balance. Call it inside a transaction so the two never
 * disagree. Callers check the balance first: the balance's range check turns an overdraft or an overflow
 * into a database error. Returns the new balance.
 */
export async function recordLedgerMovement(db: Database, movement: LedgerMovementInput): Promise<bigint> {
  const amount = movement.amount.toString()
  const insert = db('ledger_movements').insert(movementRow(movement))
  const operator = DEBIT_KINDS.includes(movement.kind) ? '-' : '+'
  // One statement: the movement's insert rides along with the balance update.
  const [row] = await db('wallet_addresses')
    .with('movement', insert)
    .where({ id: movement.walletAddressId })
    .update({ balance: db.raw(`balance ${operator} ?::numeric`, [amount]) })
    .returning<{ balance: string }[]>('balance')
  if (row === undefined)
    throw new Error(`ledger movement for missing wallet address ${movement.walletAddressId}`)
  return BigInt(row.balance)
}

/**
 * A settlement's movements in one statement, so one round trip: the movements and any exchange legs are
 * inserted, and each wallet address's balance moves by its net (paying oneself updates the row once, as one
 * statement may not update a row twice). Same contract as recordLedgerMovement: in a transaction, balances
 * checked first.
 */
export async function recordLedgerMovements(
  db: Database,
  movements: LedgerMovementInput[],
  exchangeMovements: ExchangeMovementInput[],
): Promise<void> {
  const net = new Map<string, bigint>()
  for (const movement of movements) {
    const signed = DEBIT_KINDS.includes(movement.kind) ? -movement.amount : movement.amount
    net.set(movement.walletAddressId, (net.get(movement.walletAddressId) ?? 0n) + signed)
  }
  const clauses: string[] = []
  const bindings: Knex.Value[] = []
  const add = (name: string, builder: Knex.QueryBuilder) => {
    const { sql, bindings: values } = builder.toSQL()
    clauses.push(`${name} as (${sql})`)
    bindings.push(...values)
  }
  add('movements', db('ledger_movements').insert(movements.map(movementRow)))
  if (exchangeMovements.length > 0)
    add('exchange_movements', db('ledger_exchange_movements').insert(exchangeMovements.map(exchangeRow)))
  const updates = [...net].map(([walletAddressId, delta], index) => {
    const name = `balance_${index}`
    add(
      name,
      db('wallet_addresses')
        .where({ id: walletAddressId })
        .update({ balance: db.raw('balance + ?::numeric', [delta.toString()]) })
        .returning('id'),
    )
    return `(select count(*) from ${name})`
  })
  const result = await db.raw<{ rows: { updated: string | number }[] }>(
    `with ${clauses.join(', ')} select ${updates.join(' + ')} as updated`,
    bindings,
  )
  if (Number(result.rows[0]?.updated) !== net.size)
    throw new Error(`ledger movements for a missing wallet address (${[...net.keys()].join(', ')})`)
}

function movementRow(movement: LedgerMovementInput) {
  return {
    wallet_address_id: movement.walletAddressId,
    amount: movement.amount.toString(),
    kind: movement.kind,
    outgoing_payment_id: movement.outgoingPaymentId ?? null,
  }
}

export interface ExchangeMovementInput {
  asset: Asset
  amount: bigint
  /** `in`: the exchange takes the sender's asset; `out`: it pays the receiver's asset. */
  direction: 'in' | 'out'
  outgoingPaymentId: string
}

function exchangeRow(movement: ExchangeMovementInput) {
  return {
    asset_code: movement.asset.assetCode,
    asset_scale: movement.asset.assetScale,
    amount: movement.amount.toString(),
    direction: movement.direction,
    outgoing_payment_id: movement.outgoingPaymentId,
  }
}

/**
 * Locks the wallet addresses' rows, always in id order so two settlements touching the same pair cannot
 * deadlock, and returns their balances by id. NO KEY UPDATE leaves the KEY SHARE locks of foreign-key checks
 * free: inserting a payment or a quote of these wallet addresses does not wait for (or deadlock with) it.
 */
export async function lockBalances(db: Database, walletAddressIds: string[]): Promise<Map<string, bigint>> {
  const rows = await db('wallet_addresses')
    .whereIn('id', [...new Set(walletAddressIds)])
    .orderBy('id')
    .forNoKeyUpdate()
    .select<{ id: string; balance: string }[]>('id', 'balance')
  return new Map(rows.map((row) => [row.id, BigInt(row.balance)]))
}
