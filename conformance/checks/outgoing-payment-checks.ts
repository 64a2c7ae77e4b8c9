import type { OutgoingPayment } from '@interledger/open-payments'
import { isUint64 } from '../harness/openapi/uint64-format.ts'
import { sentWithinDebit } from '../steps/amounts.ts'
import { isDateTime } from './incoming-payment-checks.ts'

/** The spec's `receiver` rule: http or https, any host and path, then `/incoming-payments/` and a non-empty rest. */
export const RECEIVER_PATTERN = /^https?:\/\/.+\/incoming-payments\/.+$/

export function isReceiverUrl(value: unknown): boolean {
  return typeof value === 'string' && RECEIVER_PATTERN.test(value) && URL.canParse(value)
}

/** What is wrong with an Amount's members (value a uint64 string, a code, a scale of 0..255). */
function amountProblems(field: string, amount: unknown): string[] {
  if (typeof amount !== 'object' || amount === null)
    return [`${field} is ${JSON.stringify(amount)}, not an Amount`]
  const { value, assetCode, assetScale } = amount as Record<string, unknown>
  const problems: string[] = []
  if (typeof value !== 'string' || !isUint64(value))
    problems.push(`${field}.value ${JSON.stringify(value)} is not a uint64 string`)
  if (typeof assetCode !== 'string' || assetCode === '')
    problems.push(`${field}.assetCode ${JSON.stringify(assetCode)} is not a code`)
  if (!Number.isInteger(assetScale) || (assetScale as number) < 0 || (assetScale as number) > 255)
    problems.push(`${field}.assetScale ${JSON.stringify(assetScale)} is not an integer of 0..255`)
  return problems
}

/**
 * What is wrong with one Outgoing Payment against the spec's field table: every required field with its type,
 * the optional ones typed when present. Pure, so the harness tests can prove it.
 */
export function outgoingPaymentProblems(item: unknown): string[] {
  if (typeof item !== 'object' || item === null) return [`${JSON.stringify(item)} is not an object`]
  const payment = item as Record<string, unknown>
  const problems: string[] = []
  for (const field of ['id', 'walletAddress'] as const) {
    if (typeof payment[field] !== 'string' || !URL.canParse(payment[field] as string))
      problems.push(`${field} ${JSON.stringify(payment[field])} is not a URL`)
  }
  if (
    payment.quoteId !== undefined &&
    (typeof payment.quoteId !== 'string' || !URL.canParse(payment.quoteId))
  )
    problems.push(`quoteId ${JSON.stringify(payment.quoteId)} is not a URL`)
  if (payment.failed !== undefined && typeof payment.failed !== 'boolean')
    problems.push(`failed ${JSON.stringify(payment.failed)} is not a boolean`)
  if (!isReceiverUrl(payment.receiver))
    problems.push(`receiver ${JSON.stringify(payment.receiver)} does not match ${RECEIVER_PATTERN}`)
  for (const field of ['receiveAmount', 'debitAmount', 'sentAmount'] as const)
    problems.push(...amountProblems(field, payment[field]))
  if (
    payment.metadata !== undefined &&
    (typeof payment.metadata !== 'object' || Array.isArray(payment.metadata))
  )
    problems.push(`metadata ${JSON.stringify(payment.metadata)} is not an object`)
  if (!isDateTime(payment.createdAt))
    problems.push(`createdAt ${JSON.stringify(payment.createdAt)} is not a date-time`)
  return problems
}

/**
 * The fields a payment keeps from its creation on, to compare a listed payment with the created one: sentAmount
 * grows and failed may turn true, so those are compared by what cannot change (the asset, within debitAmount).
 * Times as instants; no metadata and an empty object say the same.
 */
export function lastingFields(payment: OutgoingPayment) {
  const { id, walletAddress, receiver, quoteId, debitAmount, receiveAmount, metadata, createdAt } = payment
  return {
    id,
    walletAddress,
    receiver,
    quoteId,
    debitAmount,
    receiveAmount,
    sentAsset: { assetCode: payment.sentAmount?.assetCode, assetScale: payment.sentAmount?.assetScale },
    sentWithinDebit: sentWithinDebit(payment),
    metadata: metadata !== undefined && Object.keys(metadata).length === 0 ? undefined : metadata,
    createdAt: Date.parse(String(createdAt)),
  }
}
