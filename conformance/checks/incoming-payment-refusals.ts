import type { IncomingPayment } from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { bodyOf } from '../harness/openapi/body-of.ts'
import { rule } from '../harness/rules/covers.ts'
import { ruleNotApplicable } from '../harness/rules/not-applicable.ts'
import type { RuleId, RuleRef } from '../harness/rules/registry.ts'
import { held } from '../harness/rules/warn.ts'
import { type PaymentSteps, skipIfPending } from '../steps/payment-steps.ts'
import { resourceCalls } from '../steps/resource-calls.ts'
import type { Resources } from '../steps/resources.ts'
import { expectRefusal } from './refusals.ts'

/** decisions.md: a quote or payment to a completed or expired incoming payment gets 400 (Rafiki) or 403. */
export const REFUSED_RECEIVER = [400, 403]

/**
 * An expired incoming payment that received nothing may be gone (see readUnlessGone): a quote or payment that
 * targets it may also be refused as to an incoming payment that does not exist (404).
 */
export const REFUSED_GONE_RECEIVER = [...REFUSED_RECEIVER, 404]

/**
 * A payment to a receiver that takes no more is refused at creation, or, when the server only finds out
 * while sending (a quote made earlier), accepted and then failed: one sent in full breaks `ruleId`, one that
 * ends unsent and not failed breaks OP-FAILED, and one neither sent nor failed after the settlement wait leaves
 * both unchecked (skipIfPending).
 */
export async function expectRefusedOrFailed(
  ruleId: RuleId,
  steps: PaymentSteps,
  exchange: Exchange,
  what: string,
  statuses: readonly number[] = REFUSED_RECEIVER,
): Promise<void> {
  if (exchange.response.status === 201) {
    const id = bodyOf(exchange, 'outgoing-payment').id
    const { state, detail } = await steps.outcome(id)
    expect(
      state,
      rule(ruleId, `${what}: ${id} was accepted and sent in full (${detail}): the receiver took it`),
    ).not.toBe('sent')
    skipIfPending(id, { state, detail }, [ruleId, 'OP-FAILED'])
    // Neither sent nor pending: the server marked it failed.
    held('OP-FAILED', `${id}: accepted and unable to finish, it ended with failed: true (${detail})`)
    return
  }
  expectRefusal(exchange, {
    rule: ruleId,
    what: `${what} (or accepted, then failed)`,
    statuses,
  })
  ruleNotApplicable('OP-FAILED', `${what}: refused at creation, so no payment was left to fail`)
}

/** A whole second, an hour ahead: no server needs to round it, and no expiry policy should refuse it. */
export function anHourAhead(): string {
  return new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000).toISOString()
}

/**
 * Reads an expired incoming payment that received nothing, or undefined when the target has let it go. The spec
 * only says such a payment takes no more payments; a server may delete it (Rafiki does), and then a read is
 * refused as not found or as no longer the token's to read (401, 403 or 404).
 */
export async function readUnlessGone(
  resources: Resources,
  id: string,
  token: string,
  ruleId: RuleRef,
): Promise<IncomingPayment | undefined> {
  const exchange = await resources.send(resourceCalls.getIncomingPayment(id), token)
  if (GONE.includes(exchange.response.status)) return undefined
  expect(exchange).toAnswer(200, ruleId, `GET ${id} answers 200, or 401, 403 or 404 once it is gone`)
  return exchange.response.json as IncomingPayment
}

const GONE = [401, 403, 404]
