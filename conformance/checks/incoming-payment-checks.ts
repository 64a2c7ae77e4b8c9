import type { IncomingPayment, WalletAddress } from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { isDateTime } from '../harness/oracles/clause-check.ts'
import { createdIncomingPaymentChecks } from '../harness/oracles/incoming-payment-oracle.ts'
import { rule } from '../harness/rules/covers.ts'
import { warn } from '../harness/rules/warn.ts'

export { isDateTime }

/** The ilpAddress pattern of the ILP payment method (the spec's prose; the OpenAPI document's regex). */
export const ILP_ADDRESS = /^(g|private|example|peer|self|test[1-3]?|local)([.][a-zA-Z0-9_~-]+)+$/
export const ILP_ADDRESS_MAX_LENGTH = 1023
const BASE64URL = /^[a-zA-Z0-9_-]+$/

/** What is wrong with one element of `methods`, or an empty list. Pure, so the harness tests can prove it. */
export function ilpMethodProblems(method: unknown): string[] {
  const { type, ilpAddress, sharedSecret } = (method ?? {}) as Record<string, unknown>
  const problems: string[] = []
  if (type !== 'ilp') problems.push(`type is ${JSON.stringify(type)}, not "ilp"`)
  if (typeof ilpAddress !== 'string' || !ILP_ADDRESS.test(ilpAddress)) {
    problems.push(`ilpAddress ${JSON.stringify(ilpAddress)} does not match ${ILP_ADDRESS}`)
  } else if (ilpAddress.length > ILP_ADDRESS_MAX_LENGTH) {
    problems.push(`ilpAddress is ${ilpAddress.length} characters, over ${ILP_ADDRESS_MAX_LENGTH}`)
  }
  if (typeof sharedSecret !== 'string' || !BASE64URL.test(sharedSecret)) {
    problems.push(`sharedSecret ${JSON.stringify(sharedSecret)} is not base64url`)
  }
  return problems
}

/** An open incoming payment can be paid: at least one ILP method, each well formed. */
export function expectPayableMethods(exchange: Exchange, what: string): void {
  const methods = (exchange.response.json as { methods?: unknown } | undefined)?.methods
  expect(
    Array.isArray(methods) && methods.length > 0,
    rule('IP-METHODS', `${what} carries a non-empty methods array: ${summarize(exchange)}`),
  ).toBe(true)
  for (const [index, method] of (methods as unknown[]).entries()) {
    expect(ilpMethodProblems(method), rule('IP-METHODS', `${what}: methods[${index}]`)).toEqual([])
  }
}

/** The fields of a create request that the response is compared with. */
export interface CreateRequest {
  incomingAmount?: { value: string; assetCode: string; assetScale: number }
  expiresAt?: string
  metadata?: Record<string, unknown>
}

/**
 * A just-created incoming payment: the wallet address it was made on, nothing received, not completed, its methods,
 * and the fields the spec defines as the request's (incomingAmount, metadata) returned as sent: the run-wide
 * oracle's checks of every create (createdIncomingPaymentChecks), here asserted, so that the test stops on them.
 * expiresAt may be stored at a coarser precision or shortened by the server's own policy, but never moved later:
 * payments after the requested time must be refused.
 */
export function expectCreated(
  exchange: Exchange,
  walletAddress: WalletAddress,
  sent: CreateRequest,
  what: string,
): IncomingPayment {
  const body = exchange.response.json as IncomingPayment
  expect(exchange).toAnswer(201, 'IP-CREATE#created', what)
  // The same message as the oracle's finding, so that a failure both saw is told once.
  for (const check of createdIncomingPaymentChecks({ walletAddress: walletAddress.id, ...sent }, body))
    expect(check.holds, rule(check.ref, `${check.line}: ${summarize(exchange)}`)).toBe(true)
  expect(
    body.receivedAmount,
    rule(
      'IP-CREATE#created',
      `${what}: receivedAmount is zero in the wallet address asset (${summarize(exchange)})`,
    ),
  ).toEqual({ value: '0', assetCode: walletAddress.assetCode, assetScale: walletAddress.assetScale })
  if (sent.expiresAt && Date.parse(String(body.expiresAt)) !== Date.parse(sent.expiresAt))
    warn(
      'IP-CREATE#echo-expires-at',
      `${what}: expiresAt ${body.expiresAt} differs from the requested ${sent.expiresAt}`,
    )
  if (!sent.expiresAt && body.expiresAt !== undefined)
    expect(
      isDateTime(body.expiresAt),
      rule('IP-CREATE#created', `${what}: the default expiresAt ${body.expiresAt} is a date-time`),
    ).toBe(true)
  return body
}

/**
 * The fields that make an incoming payment what it is, to compare the views of one payment. Times are compared
 * as instants: a server may write one instant as `...00Z` in one view and `...00.000Z` in another. No metadata
 * and an empty object say the same.
 */
export function coreFields(payment: IncomingPayment) {
  const { id, walletAddress, completed, incomingAmount, receivedAmount, expiresAt, metadata, createdAt } =
    payment
  return {
    id,
    walletAddress,
    completed,
    incomingAmount,
    receivedAmount,
    expiresAt: expiresAt === undefined ? undefined : Date.parse(String(expiresAt)),
    metadata: metadata !== undefined && Object.keys(metadata).length === 0 ? undefined : metadata,
    createdAt: Date.parse(String(createdAt)),
  }
}

/** Another asset code than the wallet address's: the ISO 4217 testing code, or, for a wallet in it, "no currency". */
export function otherAssetCode(walletAddress: WalletAddress): string {
  return walletAddress.assetCode === 'XTS' ? 'XXX' : 'XTS'
}

/** Another valid scale than the wallet address's. */
export function otherAssetScale(walletAddress: WalletAddress): number {
  return walletAddress.assetScale === 255 ? 254 : walletAddress.assetScale + 1
}
