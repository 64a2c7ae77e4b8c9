import type { IncomingPayment, WalletAddress } from '@interledger/open-payments'
import { readUnlessGone } from '../../checks/incoming-payment-refusals.ts'
import { amountIn } from '../../harness/discovery/discovery.ts'
import { expect } from '../../harness/expect/conformance-expect.ts'
import { rule } from '../../harness/rules/covers.ts'
import type { RuleRef } from '../../harness/rules/registry.ts'
import { msUntilServerPasses } from '../../harness/time/server-time.ts'
import type { PaymentSteps } from '../../steps/payment-steps.ts'
import { resourceCalls } from '../../steps/resource-calls.ts'
import type { Resources } from '../../steps/resources.ts'
import { READ, type StateClauses, type ViewClauses } from './view-clauses.ts'

export type Metadata = Record<string, unknown>

/** What the model knows of one incoming payment this run created. */
export interface ModelPayment {
  id: string
  /** In the receiver's smallest unit; undefined when the payment was created without one. */
  incomingAmount?: bigint
  metadata?: Metadata
  completed: boolean
  /** What the run has paid into it, in the receiver's smallest unit. */
  received: bigint
  /** Set for the run's short-lived payments: when (the target's clock) it stops taking payments. */
  expiry?: { expiresAt: string; createdAt: string; receivedAt: number }
}

export interface IncomingPaymentModel {
  /** Prefix of the marker in every metadata this run sends: how List tells this run's payments apart. */
  runMarker: string
  payments: ModelPayment[]
  /** Whether the run has waited for its short-lived payments to expire (once per run at most: it takes seconds). */
  waited: boolean
}

/** The target, as the commands reach it. */
export interface IncomingPaymentSystem {
  resources: Resources
  /** create, read, list and complete on the receiver. */
  token: string
  receiver: WalletAddress
  /** Quotes and payments from the sender, under the worker's shared grants. */
  steps: PaymentSteps
  /** The target's smallest payable amount (discovery.unit). */
  unit: bigint
  /** A createdAt of the target's and when it arrived on our clock: how short lifetimes are set on its clock. */
  clock: { createdAt: string; receivedAt: number }
}

/** The payment a command acts on: commands are generated before the run, so they hold an index, not an id. */
export function pick(
  model: Readonly<IncomingPaymentModel>,
  index: number,
  among: (payment: ModelPayment) => boolean = () => true,
): ModelPayment {
  const candidates = model.payments.filter(among)
  const payment = candidates[index % candidates.length]
  if (!payment) throw new Error('pick() needs a model with payments; check() should have said so')
  return payment
}

/**
 * Whether a payment still takes payments, on the target's clock as far as the suite can know it: `open` (no
 * expiry), `expired` (its expiresAt has certainly passed), or `expiring` (short-lived and not certainly past:
 * the target may answer either way, and the model learns from what it does).
 */
export function expiryOf(payment: ModelPayment): 'open' | 'expiring' | 'expired' {
  if (payment.expiry === undefined) return 'open'
  const { expiresAt, createdAt, receivedAt } = payment.expiry
  return msUntilServerPasses(expiresAt, createdAt, receivedAt) === 0 ? 'expired' : 'expiring'
}

/** Whether the payment takes nothing more: completed, or past its expiresAt on the target's clock. */
export function isClosed(payment: ModelPayment): boolean {
  return payment.completed || expiryOf(payment) === 'expired'
}

/**
 * Whether the target may have let the payment go: an expired payment that received nothing may be deleted
 * (Rafiki does; the spec only says it takes no more payments), so a read may find nothing.
 */
export function mayBeGone(payment: ModelPayment): boolean {
  return expiryOf(payment) !== 'open' && payment.received === 0n
}

/**
 * An incoming payment as the target shows it (create, get, complete or list) agrees with the model: the
 * fields the client chose are echoed, receivedAmount is what the run paid in, and `completed` is the model's.
 * Each field is charged to the clause its view promises (`view`), and the state to what the transition that
 * set it promises (`state`).
 */
export function expectAsModelled(
  view: ViewClauses,
  state: StateClauses,
  actual: unknown,
  expected: ModelPayment,
  receiver: WalletAddress,
  where: string,
): void {
  const shown = actual as {
    id?: unknown
    walletAddress?: unknown
    completed?: unknown
    incomingAmount?: unknown
    receivedAmount?: unknown
    metadata?: unknown
    expiresAt?: unknown
  }
  const says = (clause: RuleRef, what: string) =>
    rule(clause, `${where}: ${what} (got ${JSON.stringify(actual)})`)
  if (view.id !== undefined)
    expect(shown.id, says(view.id, 'the id is the one create returned')).toBe(expected.id)
  expect(shown.walletAddress, says(view.walletAddress, `walletAddress is ${receiver.id}`)).toBe(receiver.id)
  expect(shown.completed, says(state.completed, `completed is ${expected.completed}`)).toBe(
    expected.completed,
  )
  expect(
    shown.incomingAmount,
    says(view.incomingAmount, 'incomingAmount is the one requested, or absent when none was'),
  ).toEqual(expected.incomingAmount === undefined ? undefined : amountIn(receiver, expected.incomingAmount))
  expect(
    shown.receivedAmount,
    says(state.received, `receivedAmount is the ${expected.received} paid in`),
  ).toEqual(amountIn(receiver, expected.received))
  if (expected.expiry !== undefined) {
    expect(
      Date.parse(String(shown.expiresAt)),
      says(view.expiresAt, `expiresAt is ${expected.expiry.expiresAt}`),
    ).toBe(Date.parse(expected.expiry.expiresAt))
  }
  // Without metadata sent, an absent member and an empty object say the same.
  if (expected.metadata === undefined) {
    expect([undefined, {}], says(view.metadata, 'no metadata was sent')).toContainEqual(shown.metadata)
  } else {
    expect(shown.metadata, says(view.metadata, 'metadata is echoed')).toEqual(expected.metadata)
  }
}

/**
 * Reads the payment (which may be gone, where the model allows it) and compares it with the model: its fields
 * as a get promises them, its state as `state` (the last transition's clauses) does.
 */
export async function expectReadAsModelled(
  state: StateClauses,
  payment: ModelPayment,
  { resources, token, receiver }: IncomingPaymentSystem,
  where: string,
): Promise<IncomingPayment | undefined> {
  if (mayBeGone(payment)) {
    const shown = await readUnlessGone(resources, payment.id, token, 'IP-GET#found')
    if (shown !== undefined) expectAsModelled(READ, state, shown, payment, receiver, where)
    return shown
  }
  const exchange = await resources.send(resourceCalls.getIncomingPayment(payment.id), token)
  expect(exchange).toAnswer(200, 'IP-GET#found', `reading ${payment.id} ${where}`)
  expectAsModelled(READ, state, exchange.response.json, payment, receiver, where)
  return exchange.response.json as IncomingPayment
}
