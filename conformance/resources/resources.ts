import { randomUUID } from 'node:crypto'
import type {
  IncomingPaymentWithPaymentMethods,
  OutgoingPayment,
  Quote,
  WalletAddress,
} from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../fixtures/conformance-expect.ts'
import type { ConformanceApi } from '../http/conformance-api.ts'
import { summarize } from '../http/format-exchange.ts'
import { OPERATIONS } from '../openapi/operations.ts'
import { rule } from '../rules/covers.ts'
import { hasMarker, type ResourceCall, resourceCalls } from './resource-calls.ts'
import { walkList } from './walk-list.ts'

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

  async createIncomingPayment(
    token: string,
    walletAddress: WalletAddress,
    marker = newMarker(),
    value?: bigint,
  ): Promise<IncomingPaymentWithPaymentMethods> {
    const exchange = await this.send(resourceCalls.createIncomingPayment(walletAddress, marker, value), token)
    expect(
      exchange.response.status,
      rule('IP-CREATE', `creating an incoming payment: ${summarize(exchange)}`),
    ).toBe(201)
    return exchange.response.json as IncomingPaymentWithPaymentMethods
  }

  async createQuote(
    token: string,
    sender: WalletAddress,
    receiver: string,
    debitValue: bigint,
  ): Promise<Quote> {
    const exchange = await this.send(resourceCalls.createQuote(sender, receiver, debitValue), token)
    expect(exchange.response.status, rule('QT-CREATE', `creating a quote: ${summarize(exchange)}`)).toBe(201)
    return exchange.response.json as Quote
  }

  async createOutgoingPayment(
    token: string,
    sender: WalletAddress,
    quoteId: string,
    marker = newMarker(),
  ): Promise<OutgoingPayment> {
    const exchange = await this.send(resourceCalls.createOutgoingPayment(sender, quoteId, marker), token)
    expect(
      exchange.response.status,
      rule('OP-CREATE-QUOTE', `creating an outgoing payment from a quote: ${summarize(exchange)}`),
    ).toBe(201)
    return exchange.response.json as OutgoingPayment
  }

  /**
   * Whether a list shows a resource carrying the marker, on any page (the order of a list is not specified):
   * how the suite proves a refused request created nothing. A marker is unique to one check.
   */
  async listed(list: ResourceCall, token: string, marker: string): Promise<boolean> {
    const listRule = list.operation === OPERATIONS.listOutgoingPayments ? 'OP-GET' : 'IP-LIST'
    const items = await walkList(this, list, token, listRule)
    return items.some((item) => hasMarker(item, marker))
  }
}
