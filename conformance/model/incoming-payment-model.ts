import type { WalletAddress } from '@interledger/open-payments'
import { expect } from '@playwright/test'
import { amountIn } from '../discovery/discovery.ts'
import type { Resources } from '../resources/resources.ts'
import { rule } from '../rules/covers.ts'
import type { RuleId } from '../rules/registry.ts'

export type Metadata = Record<string, unknown>

/** What the model knows of one incoming payment this run created. */
export interface ModelPayment {
  id: string
  /** In the receiver's smallest unit; undefined when the payment was created without one. */
  incomingAmount?: bigint
  metadata?: Metadata
  completed: boolean
}

export interface IncomingPaymentModel {
  /** Prefix of the marker in every metadata this run sends: how List tells this run's payments apart. */
  runMarker: string
  payments: ModelPayment[]
}

/** The target, as the commands reach it. */
export interface IncomingPaymentSystem {
  resources: Resources
  /** create, read, list and complete on the receiver. */
  token: string
  receiver: WalletAddress
}

/** The payment a command acts on: commands are generated before the run, so they hold an index, not an id. */
export function pick(model: Readonly<IncomingPaymentModel>, index: number): ModelPayment {
  const payment = model.payments[index % model.payments.length]
  if (!payment) throw new Error('pick() needs a model with payments; check() should have said so')
  return payment
}

/**
 * An incoming payment as the target shows it (create, get, complete or list) agrees with the model: the
 * fields the client chose are echoed, nothing was paid in (the suite never pays these), and `completed` is
 * the model's.
 */
export function expectAsModelled(
  ruleId: RuleId,
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
  }
  const says = (what: string) => rule(ruleId, `${where}: ${what} (got ${JSON.stringify(actual)})`)
  expect(shown.id, says('the id is the one create returned')).toBe(expected.id)
  expect(shown.walletAddress, says(`walletAddress is ${receiver.id}`)).toBe(receiver.id)
  expect(shown.completed, says(`completed is ${expected.completed}`)).toBe(expected.completed)
  expect(shown.incomingAmount, says('incomingAmount is the one requested, or absent when none was')).toEqual(
    expected.incomingAmount === undefined ? undefined : amountIn(receiver, expected.incomingAmount),
  )
  expect(shown.receivedAmount, says('receivedAmount is zero in the receiver asset')).toEqual(
    amountIn(receiver, 0n),
  )
  // Without metadata sent, an absent member and an empty object say the same.
  if (expected.metadata === undefined) {
    expect([undefined, {}], says('no metadata was sent')).toContainEqual(shown.metadata)
  } else {
    expect(shown.metadata, says('metadata is echoed')).toEqual(expected.metadata)
  }
}
