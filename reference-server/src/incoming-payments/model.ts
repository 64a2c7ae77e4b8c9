import type {
  IlpPaymentMethod,
  IncomingPaymentWithPaymentMethods,
  IncomingPayment as OpenPaymentsIncomingPayment,
  PublicIncomingPayment,
} from '@interledger/open-payments'
import type { PublicUrls } from '../config.ts'
import { type Amount, type Asset, amountOf, toOpenPaymentsAmount } from '../shared/amount.ts'
import type { JsonObject } from '../shared/request-input.ts'
import { walletAddressUrl } from '../wallet-addresses/model.ts'

export interface IncomingPayment {
  id: string
  walletAddressId: string
  walletAddressName: string
  /** The wallet address's asset: every amount of the payment is in it. */
  asset: Asset
  /** Wallet address URL of the client that created it. */
  client: string | undefined
  incomingAmount: bigint | undefined
  receivedAmount: bigint
  completed: boolean
  expiresAt: Date | undefined
  metadata: JsonObject | undefined
  sharedSecret: string
  createdAt: Date
}

export const INCOMING_PAYMENTS_PATH = 'incoming-payments'

export function incomingPaymentUrl(resourceServer: string, id: string): string {
  return `${resourceServer}/${INCOMING_PAYMENTS_PATH}/${id}`
}

export function isExpired(payment: Pick<IncomingPayment, 'expiresAt'>, now: Date): boolean {
  return payment.expiresAt !== undefined && payment.expiresAt.getTime() <= now.getTime()
}

/** Whether a payment may still be received: not completed and not expired. */
export function isPayable(payment: Pick<IncomingPayment, 'completed' | 'expiresAt'>, now: Date): boolean {
  return !payment.completed && !isExpired(payment, now)
}

/** The payment after receiving `amount`: completed once it reaches its incomingAmount, as addReceivedAmounts. */
export function withReceived(payment: IncomingPayment, amount: bigint): IncomingPayment {
  const receivedAmount = payment.receivedAmount + amount
  const full = payment.incomingAmount !== undefined && receivedAmount >= payment.incomingAmount
  return { ...payment, receivedAmount, completed: payment.completed || full }
}

/** What is left to receive; undefined when the payment has no incomingAmount. */
export function remainingAmount(
  payment: Pick<IncomingPayment, 'asset' | 'incomingAmount' | 'receivedAmount'>,
): Amount | undefined {
  if (payment.incomingAmount === undefined) return undefined
  const left = payment.incomingAmount - payment.receivedAmount
  return amountOf(left > 0n ? left : 0n, payment.asset)
}

export function toOpenPaymentsIncomingPayment(
  payment: IncomingPayment,
  urls: PublicUrls,
): OpenPaymentsIncomingPayment {
  return {
    id: incomingPaymentUrl(urls.resourceServer, payment.id),
    walletAddress: walletAddressUrl(urls.resourceServer, payment.walletAddressName),
    completed: payment.completed,
    ...(payment.incomingAmount === undefined
      ? {}
      : { incomingAmount: toOpenPaymentsAmount(amountOf(payment.incomingAmount, payment.asset)) }),
    receivedAmount: toOpenPaymentsAmount(amountOf(payment.receivedAmount, payment.asset)),
    ...(payment.expiresAt === undefined ? {} : { expiresAt: payment.expiresAt.toISOString() }),
    ...(payment.metadata === undefined ? {} : { metadata: payment.metadata }),
    createdAt: payment.createdAt.toISOString(),
  }
}

/** The full view: payment details only while the payment can still receive money. */
export function toIncomingPaymentWithMethods(
  payment: IncomingPayment,
  urls: PublicUrls,
  now: Date,
): IncomingPaymentWithPaymentMethods {
  const methods: IlpPaymentMethod[] = isPayable(payment, now)
    ? [{ type: 'ilp', ilpAddress: ilpAddress(payment.id), sharedSecret: payment.sharedSecret }]
    : []
  return { ...toOpenPaymentsIncomingPayment(payment, urls), methods }
}

export function toPublicIncomingPayment(payment: IncomingPayment, urls: PublicUrls): PublicIncomingPayment {
  return {
    receivedAmount: toOpenPaymentsAmount(amountOf(payment.receivedAmount, payment.asset)),
    authServer: urls.authServer,
  }
}

// `test` is the ILP allocation scheme for test networks; the id makes the address unique per payment.
function ilpAddress(id: string): string {
  return `test.reference.${id.replaceAll('-', '')}`
}
