import { randomBytes, randomUUID } from 'node:crypto'
import type { Database } from '../db/database.ts'
import { type Amount, sameAsset } from '../shared/amount.ts'
import type { PageInfo, PageRequest } from '../shared/pagination.ts'
import { isUuid, type JsonObject } from '../shared/request-input.ts'
import type { WalletAddressIdentities } from '../wallet-addresses/identity-cache.ts'
import { IncomingPaymentError } from './errors.ts'
import { type IncomingPayment, isExpired } from './model.ts'
import type { ReceiverTermsCache } from './receiver-terms.ts'
import {
  findIncomingPayment,
  insertIncomingPayment,
  markIncomingPaymentCompleted,
  pageIncomingPayments,
} from './repository.ts'

export interface CreateIncomingPaymentInput {
  walletAddressName: string
  client: string
  incomingAmount: Amount | undefined
  expiresAt: Date | undefined
  metadata: JsonObject | undefined
}

export interface ListIncomingPaymentsInput {
  walletAddressName: string
  /** Only this client's payments; undefined lists every client's. */
  client: string | undefined
  page: PageRequest
}

export interface IncomingPaymentPage {
  items: IncomingPayment[]
  pageInfo: PageInfo
}

export interface IncomingPaymentService {
  create(input: CreateIncomingPaymentInput): Promise<IncomingPayment | IncomingPaymentError>
  get(id: string): Promise<IncomingPayment | IncomingPaymentError>
  list(input: ListIncomingPaymentsInput): Promise<IncomingPaymentPage | IncomingPaymentError>
  /** Completes a payment that is neither completed nor expired. */
  complete(id: string): Promise<IncomingPayment | IncomingPaymentError>
}

interface ServiceDependencies {
  db: Database
  walletAddresses: WalletAddressIdentities
  /** Given the terms of each payment created, for the quotes to it. */
  receivers: ReceiverTermsCache
}

export function createIncomingPaymentService(deps: ServiceDependencies): IncomingPaymentService {
  return {
    create: (input) => create(deps, input),
    get: (id) => get(deps, id),
    list: (input) => list(deps, input),
    complete: (id) => complete(deps, id),
  }
}

async function create(
  deps: ServiceDependencies,
  input: CreateIncomingPaymentInput,
): Promise<IncomingPayment | IncomingPaymentError> {
  const walletAddress = await deps.walletAddresses.byName(input.walletAddressName)
  if (walletAddress === undefined) return IncomingPaymentError.UnknownWalletAddress
  if (input.incomingAmount !== undefined && !sameAsset(input.incomingAmount, walletAddress)) {
    return IncomingPaymentError.InvalidAmount
  }
  const now = new Date()
  if (input.expiresAt !== undefined && input.expiresAt.getTime() <= now.getTime()) {
    return IncomingPaymentError.InvalidExpiry
  }
  const payment: IncomingPayment = {
    id: randomUUID(),
    walletAddressId: walletAddress.id,
    walletAddressName: walletAddress.name,
    asset: { assetCode: walletAddress.assetCode, assetScale: walletAddress.assetScale },
    client: input.client,
    incomingAmount: input.incomingAmount?.value,
    receivedAmount: 0n,
    completed: false,
    expiresAt: input.expiresAt,
    metadata: input.metadata,
    // STREAM shared secrets are 32 bytes.
    sharedSecret: randomBytes(32).toString('base64url'),
    createdAt: now,
  }
  // What was inserted is what is returned: no second round trip to read it back.
  await insertIncomingPayment(deps.db, payment)
  deps.receivers.remember(payment)
  return payment
}

async function get(deps: ServiceDependencies, id: string): Promise<IncomingPayment | IncomingPaymentError> {
  if (!isUuid(id)) return IncomingPaymentError.UnknownIncomingPayment
  return (await findIncomingPayment(deps.db, id)) ?? IncomingPaymentError.UnknownIncomingPayment
}

async function list(
  deps: ServiceDependencies,
  input: ListIncomingPaymentsInput,
): Promise<IncomingPaymentPage | IncomingPaymentError> {
  const walletAddress = await deps.walletAddresses.byName(input.walletAddressName)
  if (walletAddress === undefined) return IncomingPaymentError.UnknownWalletAddress
  return (
    (await pageIncomingPayments(deps.db, walletAddress, input.client, input.page)) ??
    IncomingPaymentError.UnknownCursor
  )
}

async function complete(
  deps: ServiceDependencies,
  id: string,
): Promise<IncomingPayment | IncomingPaymentError> {
  if (!isUuid(id)) return IncomingPaymentError.UnknownIncomingPayment
  return deps.db.transaction(async (trx) => {
    const payment = await findIncomingPayment(trx, id, { forUpdate: true })
    if (payment === undefined) return IncomingPaymentError.UnknownIncomingPayment
    if (payment.completed) return IncomingPaymentError.AlreadyCompleted
    if (isExpired(payment, new Date())) return IncomingPaymentError.AlreadyExpired
    await markIncomingPaymentCompleted(trx, id)
    return { ...payment, completed: true }
  })
}
