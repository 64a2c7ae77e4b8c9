import { randomUUID } from 'node:crypto'
import type {
  IncomingPaymentWithPaymentMethods,
  OutgoingPaymentWithSpentAmounts,
  Quote,
  WalletAddress,
} from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { needFoundation } from '../harness/foundations/need-foundation.ts'
import type { ConformanceApi } from '../harness/http/conformance-api.ts'
import { type BodyName, bodyOf } from '../harness/openapi/body-of.ts'
import { OPERATIONS } from '../harness/openapi/operations.ts'
import type { RuleId } from '../harness/rules/registry.ts'
import { mayHaveExpired, quoteMsLeft, rememberQuote } from './quote-clock.ts'
import {
  hasMarker,
  type IncomingPaymentOptions,
  type QuoteAmounts,
  type ResourceCall,
  resourceCalls,
} from './resource-calls.ts'
import { skipIfShortLifetimeRefused } from './short-lifetime.ts'
import { walkList } from './walk-list.ts'

/**
 * Where a request would have put what it created: a list (pages of 100), a token that may walk it, and the rule
 * a page that does not answer 200 fails (by default the list operation's own; see `Resources.listed`).
 */
export interface Listing {
  resources: Resources
  list: ResourceCall
  token: string
  listRule?: RuleId
}

export function newMarker(): string {
  return `conformance-${randomUUID()}`
}

/**
 * Creates and finds the resources other checks need (an incoming payment to quote against, a payment to
 * read). Failures name the rule of the operation that failed, not the rule of the test that needed it.
 */
export class Resources {
  constructor(private readonly api: ConformanceApi) {}

  send(call: ResourceCall, token: string | undefined): Promise<Exchange> {
    return this.api.send({ ...call, token })
  }

  /**
   * Creates an incoming payment, by default of 100 smallest units, marked: the one way the suite creates one that
   * it needs. A target that refuses the lifetime asked for (`expiresAt`) as too short skips the test, saying so.
   */
  async createIncomingPayment(
    token: string,
    walletAddress: WalletAddress,
    options: IncomingPaymentOptions = { incomingValue: 100n },
  ): Promise<IncomingPaymentWithPaymentMethods> {
    await needFoundation('incoming-payment')
    const call = resourceCalls.createIncomingPayment(walletAddress, { marker: newMarker(), ...options })
    const exchange = await this.send(call, token)
    if (options.expiresAt !== undefined) {
      skipIfShortLifetimeRefused(exchange, options.expiresAt.getTime() - Date.now())
    }
    expect(exchange).toAnswer(201, 'IP-CREATE', 'creating an incoming payment')
    return bodyOf(exchange, 'incoming-payment-with-methods')
  }

  /**
   * Creates a quote from `sender` to `receiver` for `amounts` (at most one of them; none to let the server infer
   * it from the receiver): the one way the suite creates one that it needs. A refusal fails `ruleId`.
   */
  async createQuote(
    token: string,
    sender: WalletAddress,
    receiver: string,
    amounts: QuoteAmounts,
    ruleId: RuleId = 'QT-CREATE',
  ): Promise<Quote> {
    await needFoundation('quote')
    const call = resourceCalls.createQuote(sender, receiver, amounts)
    const quote = await this.#created(call, token, { ruleId, what: 'creating a quote', body: 'quote' })
    rememberQuote(quote)
    return quote
  }

  /**
   * Creates an outgoing payment of a quote (form 1), marked: the one way the suite creates one that it needs.
   * A refusal fails `ruleId`.
   */
  async createOutgoingPayment(
    token: string,
    sender: WalletAddress,
    quoteId: string,
    { marker = newMarker(), ruleId = 'OP-CREATE-QUOTE' }: { marker?: string; ruleId?: RuleId } = {},
  ): Promise<OutgoingPaymentWithSpentAmounts> {
    await needFoundation('outgoing-payment')
    const call = resourceCalls.createOutgoingPayment(sender, quoteId, marker)
    const sentAt = Date.now()
    const exchange = await this.send(call, token)
    if (exchange.response.status !== 201 && mayHaveExpired(quoteId, Date.now())) {
      // Named no rule: the suite's own slowness decides nothing about the target.
      throw new Error(
        `the payment of quote ${quoteId} was sent with at most ${Math.max(0, Math.round(quoteMsLeft(quoteId, sentAt) / 1000))} s ` +
          `of the quote's life left and answered ${exchange.response.status} after that life (a slow machine, a grant ` +
          'renewal, or a target slower than its quotes live): the quote may have expired on the way, so the answer is not judged',
      )
    }
    expect(exchange).toAnswer(201, ruleId, 'creating an outgoing payment from a quote')
    return bodyOf(exchange, 'outgoing-payment-with-spent-amounts')
  }

  /** Sends a create that must answer 201 (else it fails `ruleId`), and reads what it created as `body`. */
  async #created<N extends BodyName>(
    call: ResourceCall,
    token: string,
    { ruleId, what, body }: { ruleId: RuleId; what: string; body: N },
  ) {
    const exchange = await this.send(call, token)
    expect(exchange).toAnswer(201, ruleId, what)
    return bodyOf(exchange, body)
  }

  /**
   * Whether a list shows a resource carrying the marker, on any page (the order of a list is not specified): the
   * probe behind `expectNothingCreated` and the `tookEffect` of a refusal. A marker is unique to one check. A
   * page that does not answer 200 fails `listRule`, by default the list operation's own rule.
   */
  async listed(
    list: ResourceCall,
    token: string,
    marker: string,
    listRule: RuleId = list.operation === OPERATIONS.listOutgoingPayments ? 'OP-GET' : 'IP-LIST',
  ): Promise<boolean> {
    const items = await walkList(this, list, token, listRule)
    return items.some((item) => hasMarker(item, marker))
  }
}
