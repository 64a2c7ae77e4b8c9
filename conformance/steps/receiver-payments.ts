import type { IncomingPayment, WalletAddress } from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import { needFoundation } from '../harness/foundations/need-foundation.ts'
import type { SharedGrants } from '../harness/gnap/shared-grants.ts'
import type { ConformanceApi } from '../harness/http/conformance-api.ts'
import { bodyOf } from '../harness/openapi/body-of.ts'
import type { RuleId, RuleRef } from '../harness/rules/registry.ts'
import { fetchPage, listCall } from './list-pages.ts'
import { markerMetadata, resourceCalls } from './resource-calls.ts'
import type { Listing, Resources } from './resources.ts'
import { type ListWalk, walkListUntil } from './walk-list.ts'

/**
 * The incoming payments of the target's receiver, under the worker's shared incoming-payment token: what the
 * incoming-payment specs do, one call a line. Each call answers what the server answered; `read` and
 * `created` also make sure it answered as the step needs.
 */
export class ReceiverPayments {
  constructor(
    private readonly resources: Resources,
    private readonly api: ConformanceApi,
    readonly walletAddress: WalletAddress,
    private readonly sharedGrants: SharedGrants,
  ) {}

  /** Every call of these payments goes through here: they all need incoming payments to work at all. */
  async token(): Promise<string> {
    await needFoundation('incoming-payment')
    return this.sharedGrants.token('incoming-payment')
  }

  /** POST /incoming-payments with exactly `fields` beside walletAddress; `invalid` when the body is bad on purpose. */
  async create(fields: Record<string, unknown>, input?: 'invalid'): Promise<Exchange> {
    const call = resourceCalls.createIncomingPaymentWith(this.walletAddress, fields)
    return this.resources.send(input ? { ...call, input } : call, await this.token())
  }

  async get(id: string): Promise<Exchange> {
    return this.resources.send(resourceCalls.getIncomingPayment(id), await this.token())
  }

  /** GET with neither token nor signature: what anyone may see of a payment. */
  getAnonymously(id: string): Promise<Exchange> {
    return this.api.send({ ...resourceCalls.getIncomingPayment(id), sign: false })
  }

  async complete(id: string): Promise<Exchange> {
    return this.resources.send(resourceCalls.completeIncomingPayment(id), await this.token())
  }

  /** A payment made only to act on: `create` must answer 201 (IP-CREATE), whatever the test is about. */
  async created(): Promise<IncomingPayment> {
    return this.resources.createIncomingPayment(await this.token(), this.walletAddress)
  }

  /** `count` payments carrying the markers `marker-0`, `marker-1`…, each of which must be created (IP-CREATE). */
  async createMarked(count: number, marker: string): Promise<IncomingPayment[]> {
    const created: IncomingPayment[] = []
    for (let i = 0; i < count; i++) {
      const exchange = await this.create({ metadata: markerMetadata(`${marker}-${i}`) })
      expect(exchange).toAnswer(201, 'IP-CREATE', `creating item ${i}`)
      created.push(bodyOf(exchange, 'incoming-payment'))
    }
    return created
  }

  /** GET of a payment the test relies on being there: it must answer 200, under `ruleId`. */
  async read(id: string, ruleId: RuleRef): Promise<Exchange> {
    const exchange = await this.get(id)
    expect(exchange).toAnswer(200, ruleId, `GET ${id}`)
    return exchange
  }

  /** The payment as `read` returns it. */
  async readBody(id: string, ruleId: RuleRef): Promise<IncomingPayment> {
    return bodyOf(await this.read(id, ruleId), 'incoming-payment')
  }

  /** The receiver's list, in pages of 100, under the shared token; a page that does not answer 200 fails `listRule`. */
  async listing(listRule: RuleId): Promise<Listing> {
    const list = resourceCalls.listIncomingPayments(this.walletAddress, 100)
    return { resources: this.resources, list, token: await this.token(), listRule }
  }

  /** The receiver's list walked forward, as far as the walk reaches; each page must answer 200. */
  async list(ruleId: RuleId): Promise<ListWalk> {
    const { list, token } = await this.listing(ruleId)
    return walkListUntil(this.resources, list, token, ruleId)
  }

  /** Whether the receiver's list shows a payment carrying the marker, walking it whole (its order is open). */
  async shows(marker: string, ruleId: RuleId): Promise<boolean> {
    const { list, token } = await this.listing(ruleId)
    return this.resources.listed(list, token, marker, ruleId)
  }

  /** A cursor that pages back to something: two payments made, then the endCursor of a first page of 2. */
  async cursorPastTwo(ruleId: RuleId): Promise<string> {
    for (let i = 0; i < 2; i++) await this.created()
    const first = listCall(this.walletAddress, 'incoming-payments', { first: '2' })
    return String((await fetchPage(this.resources, first, await this.token(), ruleId)).pageInfo.endCursor)
  }

  /** GET /incoming-payments without its required wallet-address query parameter. */
  async listWithoutWalletAddress(): Promise<Exchange> {
    const url = new URL(listCall(this.walletAddress, 'incoming-payments', {}).url)
    url.searchParams.delete('wallet-address')
    const call = { ...resourceCalls.listIncomingPayments(this.walletAddress), url: url.href }
    return this.resources.send(call, await this.token())
  }
}
