import type { Database } from '../db/database.ts'
import { type IncomingPayment, isExpired, remainingAmount, withReceived } from '../incoming-payments/model.ts'
import { addReceivedAmounts, lockIncomingPayments } from '../incoming-payments/repository.ts'
import {
  type ExchangeMovementInput,
  type LedgerMovementInput,
  lockBalances,
  recordLedgerMovements,
} from '../ledger/repository.ts'
import type { OutgoingPayment } from '../outgoing-payments/model.ts'
import {
  claimNextSendingPayments,
  markOutgoingPaymentsCompleted,
  markOutgoingPaymentsFailed,
} from '../outgoing-payments/repository.ts'
import { fitsUint64, sameAsset } from '../shared/amount.ts'

export type FailureReason =
  | 'receiver completed'
  | 'receiver expired'
  | 'receiver would be overpaid'
  | 'receivedAmount would overflow'
  | 'insufficient balance'
  | 'receiver balance would overflow'
  | 'settlement error'

export type Settlement =
  | { paymentId: string; outcome: 'completed' }
  | { paymentId: string; outcome: 'failed'; reason: FailureReason; error?: unknown }

/**
 * Settles the oldest payments waiting to be sent, at most `limit`, in one transaction: for each, debit the
 * sender, credit the receiver's wallet address (through the exchange when the assets differ), add to the
 * incoming payment's receivedAmount (completing it when full) and set sentAmount. A payment that cannot finish
 * is marked failed, which releases its grant reservation (failed payments do not count as spent). Empty when no
 * payment is waiting. A batch costs the round trips of one payment, however many it holds.
 */
export async function settleNextPayments(db: Database, limit: number): Promise<Settlement[]> {
  let claimed: string[] = []
  try {
    return await settleIn(db, limit, (ids) => {
      claimed = ids
    })
  } catch (error) {
    if (claimed.length === 0) throw error
    // The batch rolled back whole, so no money moved, and which payment broke it is unknown: each is settled
    // again alone, so that only that one fails.
    if (claimed.length > 1) {
      const settled: Settlement[] = []
      for (let i = 0; i < claimed.length; i++) settled.push(...(await settleNextPayments(db, 1)))
      return settled
    }
    // Left `sending`, the payment would be claimed first again on every poll and hold up every payment behind
    // it: it fails instead, releasing its reservation.
    await db.transaction((trx) => markOutgoingPaymentsFailed(trx, claimed))
    return [{ paymentId: claimed[0]!, outcome: 'failed', reason: 'settlement error', error }]
  }
}

/** What a batch has decided so far: later payments of the batch see the balances and receivers it left. */
interface Batch {
  receivers: Map<string, IncomingPayment>
  balances: Map<string, bigint>
  movements: LedgerMovementInput[]
  exchangeLegs: ExchangeMovementInput[]
  received: Map<string, bigint>
  completed: { id: string; sentAmount: bigint }[]
  failed: string[]
}

async function settleIn(
  db: Database,
  limit: number,
  onClaim: (ids: string[]) => void,
): Promise<Settlement[]> {
  return db.transaction(async (trx) => {
    const payments = await claimNextSendingPayments(trx, limit)
    if (payments.length === 0) return []
    onClaim(payments.map((payment) => payment.id))
    const receivers = await lockIncomingPayments(
      trx,
      payments.map((payment) => payment.incomingPaymentId),
    )
    const balances = await lockBalances(trx, [
      ...payments.map((payment) => payment.walletAddressId),
      ...[...receivers.values()].map((receiver) => receiver.walletAddressId),
    ])
    const batch: Batch = {
      receivers,
      balances,
      movements: [],
      exchangeLegs: [],
      received: new Map(),
      completed: [],
      failed: [],
    }
    const now = new Date()
    const settlements = payments.map((payment) => settle(batch, payment, now))
    if (batch.movements.length > 0) await recordLedgerMovements(trx, batch.movements, batch.exchangeLegs)
    await addReceivedAmounts(trx, batch.received)
    await markOutgoingPaymentsCompleted(trx, batch.completed)
    await markOutgoingPaymentsFailed(trx, batch.failed)
    return settlements
  })
}

function settle(batch: Batch, payment: OutgoingPayment, now: Date): Settlement {
  const receiver = batch.receivers.get(payment.incomingPaymentId)
  if (receiver === undefined) throw new Error(`outgoing payment ${payment.id} has no incoming payment`)
  const reason = failureReason(payment, receiver, batch.balances, now)
  if (reason !== undefined) {
    batch.failed.push(payment.id)
    return { paymentId: payment.id, outcome: 'failed', reason }
  }
  const { debitAmount, receiveAmount } = payment
  batch.movements.push(
    {
      walletAddressId: payment.walletAddressId,
      amount: debitAmount.value,
      kind: 'outgoing-payment',
      outgoingPaymentId: payment.id,
    },
    {
      walletAddressId: receiver.walletAddressId,
      amount: receiveAmount.value,
      kind: 'incoming-payment',
      outgoingPaymentId: payment.id,
    },
  )
  // Cross-asset payments go through the exchange: it takes the sender's asset and pays the receiver's.
  const exchangeLegs = sameAsset(debitAmount, receiveAmount)
    ? []
    : [
        {
          asset: debitAmount,
          amount: debitAmount.value,
          direction: 'in' as const,
          outgoingPaymentId: payment.id,
        },
        {
          asset: receiveAmount,
          amount: receiveAmount.value,
          direction: 'out' as const,
          outgoingPaymentId: payment.id,
        },
      ]
  batch.exchangeLegs.push(...exchangeLegs)
  // Debit first, so paying oneself credits the reduced balance (as failureReason assumes).
  const { balances } = batch
  balances.set(payment.walletAddressId, (balances.get(payment.walletAddressId) ?? 0n) - debitAmount.value)
  balances.set(receiver.walletAddressId, (balances.get(receiver.walletAddressId) ?? 0n) + receiveAmount.value)
  batch.receivers.set(receiver.id, withReceived(receiver, receiveAmount.value))
  batch.received.set(receiver.id, (batch.received.get(receiver.id) ?? 0n) + receiveAmount.value)
  batch.completed.push({ id: payment.id, sentAmount: debitAmount.value })
  return { paymentId: payment.id, outcome: 'completed' }
}

function failureReason(
  payment: OutgoingPayment,
  receiver: IncomingPayment,
  balances: Map<string, bigint>,
  now: Date,
): FailureReason | undefined {
  if (receiver.completed) return 'receiver completed'
  if (isExpired(receiver, now)) return 'receiver expired'
  const remaining = remainingAmount(receiver)
  if (remaining !== undefined && payment.receiveAmount.value > remaining.value)
    return 'receiver would be overpaid'
  // Without an incomingAmount nothing else bounds receivedAmount; past uint64 the update would throw, and the
  // engine would retry the payment forever, ahead of every payment queued behind it.
  if (!fitsUint64(receiver.receivedAmount + payment.receiveAmount.value))
    return 'receivedAmount would overflow'
  const senderBalance = balances.get(payment.walletAddressId) ?? 0n
  if (senderBalance < payment.debitAmount.value) return 'insufficient balance'
  // Paying oneself debits first, so the credit lands on the reduced balance.
  const receiverBalance =
    receiver.walletAddressId === payment.walletAddressId
      ? senderBalance - payment.debitAmount.value
      : (balances.get(receiver.walletAddressId) ?? 0n)
  if (!fitsUint64(receiverBalance + payment.receiveAmount.value)) return 'receiver balance would overflow'
  return undefined
}
