import type { Quote, WalletAddress } from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { bodyOf } from '../harness/openapi/body-of.ts'
import { rule } from '../harness/rules/covers.ts'
import type { RuleId, RuleRef } from '../harness/rules/registry.ts'
import { warn } from '../harness/rules/warn.ts'
import type { Amount } from '../steps/amounts.ts'
import { expectAmountIn } from './amount-checks.ts'

/** The quote fields every created quote shows whatever its amounts; the amounts are each test's business. */
export function expectQuoteOf(
  ruleId: RuleRef,
  exchange: Exchange,
  sender: WalletAddress,
  receiver: string,
): Quote {
  expect(exchange).toAnswer(201, ruleId, 'the quote is created')
  const quote = bodyOf(exchange, 'quote')
  expect(quote.walletAddress, rule(ruleId, 'walletAddress is the sending wallet address sent')).toBe(
    sender.id,
  )
  expect(quote.receiver, rule(ruleId, 'receiver is the incoming payment sent')).toBe(receiver)
  // decisions.md: the spec shows `method` (value `ilp`) without saying a quote must carry it.
  if (quote.method === undefined) warn(ruleId, `the quote has no method; the spec shows "ilp" (${quote.id})`)
  // The spec does not list the quote's required fields and the OpenAPI document leaves expiresAt optional.
  if (quote.expiresAt === undefined) {
    warn(ruleId, `the quote has no expiresAt: how long its amounts hold is not said (${quote.id})`)
    return quote
  }
  // Against the target's own createdAt, not our clock: the two clocks need not agree.
  expect(
    Date.parse(quote.expiresAt) > Date.parse(quote.createdAt),
    rule(ruleId, `expiresAt ${quote.expiresAt} is after the quote's createdAt ${quote.createdAt}`),
  ).toBe(true)
  return quote
}

/** Who a quote is from (the sending wallet address) and to (the incoming payment's URL). */
export interface QuoteParties {
  sender: WalletAddress
  receiver: string
}

/**
 * A created quote that keeps the fixed amount as sent (fixed-send: debitAmount; fixed-receive: receiveAmount)
 * and gives the other one in the asset of `otherIn`, called `otherWhat` in the messages.
 */
export function expectFixedQuote(
  ruleId: RuleId,
  exchange: Exchange,
  { sender, receiver }: QuoteParties,
  [fixed, amount]: ['debitAmount' | 'receiveAmount', Amount],
  [otherIn, otherWhat]: [WalletAddress, string],
): Quote {
  const name = fixed === 'debitAmount' ? 'fixed-send' : 'fixed-receive'
  // QT-CREATE says each form: its checks name the form's clause; another rule (QT-CROSS-ASSET) is one clause.
  const clause = fixed === 'debitAmount' ? 'QT-CREATE#fixed-send' : 'QT-CREATE#fixed-receive'
  const ref: RuleRef = ruleId === 'QT-CREATE' ? clause : ruleId
  const quote = expectQuoteOf(ref, exchange, sender, receiver)
  expect(quote[fixed], rule(ref, `a ${name} quote keeps the ${fixed}`)).toEqual(amount)
  const other = fixed === 'debitAmount' ? 'receiveAmount' : 'debitAmount'
  expectAmountIn(ref, quote[other], otherIn, otherWhat)
  return quote
}

/** A quote read back shows what create returned: ids, amounts, and createdAt and expiresAt as instants. */
export function expectQuoteAsCreated(read: Exchange, created: Quote): void {
  expect(read).toAnswer(200, 'QT-GET#found', 'get the quote')
  const quote = bodyOf(read, 'quote')
  const lasting = ({ id, walletAddress, receiver, debitAmount, receiveAmount }: Quote) => ({
    id,
    walletAddress,
    receiver,
    debitAmount,
    receiveAmount,
  })
  expect(lasting(quote), rule('QT-GET#found', 'get returns the quote as created')).toEqual(lasting(created))
  expect(
    [Date.parse(quote.createdAt), Date.parse(quote.expiresAt ?? '')],
    rule('QT-GET#found', 'get returns the createdAt and expiresAt of the created quote'),
  ).toEqual([Date.parse(created.createdAt), Date.parse(created.expiresAt ?? '')])
}
