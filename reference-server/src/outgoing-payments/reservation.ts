import { randomUUID } from 'node:crypto'
import type { Database } from '../db/database.ts'
import { incomingPaymentUrl } from '../incoming-payments/model.ts'
import {
  checkLimits,
  type GrantLimits,
  LimitViolation,
  type SpentCaps,
  spendingWindow,
  spentCaps,
} from '../outgoing-payment-grants/limits.ts'
import { isCapExceeded, reserveSpent } from '../outgoing-payment-grants/repository.ts'
import { spendingWindowKey } from '../outgoing-payment-grants/spending-window-key.ts'
import { type Amount, amountOf } from '../shared/amount.ts'
import type { JsonObject } from '../shared/request-input.ts'
import type { WalletAddressIdentity } from '../wallet-addresses/identity-cache.ts'
import type { OutgoingPayment } from './model.ts'
import type { Priced } from './pricing.ts'
import { outgoingPaymentInsert } from './repository.ts'

/** Who orders a payment, under which grant, and what the payment carries besides its price. */
export interface PaymentOrder {
  client: string
  grant: { id: string; limits: GrantLimits }
  /** Base of resource URLs, to compare receivers with the grant's `receiver` limit. */
  resourceServer: string
  metadata: JsonObject | undefined
}

export interface CreatedOutgoingPayment {
  payment: OutgoingPayment
  /** What the grant had spent in the payment's interval before it, in the payment's assets. */
  grantSpentDebitAmount: Amount
  grantSpentReceiveAmount: Amount
}

/** Thrown in a transaction to roll it back (the payment's insert with it) and answer with the violation. */
class Refused extends Error {
  constructor(readonly violation: LimitViolation) {
    super(violation)
  }
}

/**
 * Inserts the payment and adds it to the grant's totals, whose rows that statement locks: a concurrent payment of
 * the grant waits for this one to commit. A payment the limits allow takes one statement, which the database
 * refuses whole should a total pass its cap; only then, or when the payment is refused on its own, is it checked
 * again in a transaction that reads the totals under lock and names the limit it violates.
 */
export async function reserve(
  db: Database,
  order: PaymentOrder,
  sender: WalletAddressIdentity,
  priced: Priced,
  now: Date,
): Promise<CreatedOutgoingPayment | LimitViolation> {
  const { limits } = order.grant
  const window = spendingWindow(limits, now)
  if (window === 'outside') return LimitViolation.Interval
  const payment: OutgoingPayment = {
    id: randomUUID(),
    walletAddressId: sender.id,
    walletAddressName: sender.name,
    client: order.client,
    grantId: order.grant.id,
    quoteId: priced.quoteId,
    incomingPaymentId: priced.incomingPaymentId,
    debitAmount: priced.debitAmount,
    receiveAmount: priced.receiveAmount,
    sentAmount: amountOf(0n, sender),
    state: 'sending',
    metadata: order.metadata,
    createdAt: now,
  }
  const reservation = {
    grantId: order.grant.id,
    window: spendingWindowKey(window),
    debitAmount: priced.debitAmount,
    receiveAmount: priced.receiveAmount,
  }
  const underGrant = {
    receiver: incomingPaymentUrl(order.resourceServer, priced.incomingPaymentId),
    debitAmount: priced.debitAmount,
    receiveAmount: priced.receiveAmount,
  }
  const created = (spent: { debit: bigint; receive: bigint }) => ({
    payment,
    grantSpentDebitAmount: amountOf(spent.debit, priced.debitAmount),
    grantSpentReceiveAmount: amountOf(spent.receive, priced.receiveAmount),
  })
  const reserveOn = (on: Database, caps: SpentCaps | undefined) =>
    reserveSpent(
      on,
      reservation,
      outgoingPaymentInsert(on, payment, reservation.window, priced.checkReceiver),
      caps,
    )
  const caps = spentCaps(limits, underGrant)
  if (caps !== undefined) {
    try {
      return created(await reserveOn(db, caps))
    } catch (error) {
      if (!isCapExceeded(error)) throw error
    }
  }
  try {
    return await db.transaction(async (trx) => {
      const spent = await reserveOn(trx, undefined)
      const violation = checkLimits(limits, underGrant, spent)
      if (violation !== undefined) throw new Refused(violation)
      return created(spent)
    })
  } catch (error) {
    if (error instanceof Refused) return error.violation
    throw error
  }
}
