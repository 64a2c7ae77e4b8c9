import type { Quote, WalletAddress } from '@interledger/open-payments'
import { amountIn } from '../harness/discovery/discovery.ts'
import type { RuleId } from '../harness/rules/registry.ts'
import type { PaymentSteps } from '../steps/payment-steps.ts'
import { expectRefusedOrFailed } from './incoming-payment-refusals.ts'
import { expectRefusal } from './refusals.ts'

/** A receiver that takes no more (completed or expired), and what the messages call each attempt to pay it. */
export interface ClosedReceiver {
  ruleId: RuleId
  receiver: string
  /** A quote to it made while it still took payments. */
  earlier: Quote
  what: { quote: string; payment: string; earlier: string }
  /** The statuses that refuse a payment to it: REFUSED_GONE_RECEIVER where the server may have deleted it. */
  refused: readonly number[]
}

/**
 * Every way to pay a receiver that takes no more fails: a new quote is refused, and a payment with a
 * debitAmount or of the earlier quote is refused or accepted and then failed (see expectRefusedOrFailed).
 */
export async function expectNoFurtherPayment(
  steps: PaymentSteps,
  sender: WalletAddress,
  unit: bigint,
  { ruleId, receiver, earlier, what, refused }: ClosedReceiver,
): Promise<void> {
  expectRefusal(await steps.sendQuote(receiver, { debitAmount: amountIn(sender, unit) }), {
    rule: ruleId,
    what: what.quote,
    statuses: refused,
  })
  const direct = await steps.sendDirectPayment(receiver, unit)
  await expectRefusedOrFailed(ruleId, steps, direct, what.payment, refused)
  await expectRefusedOrFailed(ruleId, steps, await steps.sendPayment(earlier.id), what.earlier, refused)
}
