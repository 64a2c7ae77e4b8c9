import type { Database } from '../db/database.ts'
import { type IncomingPayment, isExpired, remainingAmount } from '../incoming-payments/model.ts'
import { addReceivedAmount, findIncomingPayment } from '../incoming-payments/repository.ts'
import { lockBalances, recordLedgerMovements } from '../ledger/repository.ts'
import type { OutgoingPayment } from '../outgoing-payments/model.ts'
import {
  claimNextSendingPayment,
  markOutgoingPaymentCompleted,
  markOutgoingPaymentFailed,
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
 * Settles the oldest payment waiting to be sent, in one transaction: debit the sender, credit the receiver's
 * wallet address (through the exchange when the assets differ), add to the incoming payment's
 * receivedAmount (completing it when full) and set sentAmount. A payment that cannot finish is marked
 * failed, which releases its grant reservation (failed payments do not count as spent). Undefined when no
 * payment is waiting.
 */
export async function settleNextPayment(db: Database): Promise<Settlement | undefined> {
  let claimed: string | undefined
  try {
    return await settleIn(db, (id) => {
      claimed = id
    })
  } catch (error) {
    if (claimed === undefined) throw error
    // The settlement rolled back whole, so no money moved. Left `sending`, the payment would be claimed first
    // again on every poll and hold up every payment behind it: it fails instead, releasing its reservation.
    await db.transaction((trx) => markOutgoingPaymentFailed(trx, claimed!))
    return { paymentId: claimed, outcome: 'failed', reason: 'settlement error', error }
  }
}

async function settleIn(db: Database, onClaim: (id: string) => void): Promise<Settlement | undefined> {
  return db.transaction(async (trx) => {
    const payment = await claimNextSendingPayment(trx)
    if (payment === undefined) return undefined
    onClaim(payment.id)
    const receiver = await findIncomingPayment(trx, payment.incomingPaymentId, { forUpdate: true })
    if (receiver === undefined) throw new Error(`outgoing payment ${payment.id} has no incoming payment`)
    const balances = await lockBalances(trx, [payment.walletAddressId, receiver.walletAddressId])

    const reason = failureReason(payment, receiver, balances, new Date())
    if (reason !== undefined) {
      await markOutgoingPaymentFailed(trx, payment.id)
      return { paymentId: payment.id, outcome: 'failed', reason }
    }
    const { debitAmount, receiveAmount } = payment
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
    await recordLedgerMovements(
      trx,
      [
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
      ],
      exchangeLegs,
    )
    await addReceivedAmount(trx, receiver.id, receiveAmount.value)
    await markOutgoingPaymentCompleted(trx, payment.id, debitAmount.value)
    return { paymentId: payment.id, outcome: 'completed' }
  })
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
