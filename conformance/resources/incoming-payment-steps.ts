import { randomUUID } from 'node:crypto'
import type { WalletAddress } from '@interledger/open-payments'
import { expect } from '@playwright/test'
import type { Exchange } from '../../clients/src/index.ts'
import { resourceUrl } from '../discovery/discovery.ts'
import { summarize } from '../http/format-exchange.ts'
import { rule } from '../rules/covers.ts'
import { hasMarker, resourceCalls } from './resource-calls.ts'
import type { Resources } from './resources.ts'
import { walkList } from './walk-list.ts'

/** A whole second, an hour ahead: no server needs to round it, and no expiry policy should refuse it. */
export function anHourAhead(): string {
  return new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000).toISOString()
}

/** An incoming-payment URL on the wallet address's resource server that the server never issued. */
export function unknownIncomingPayment(walletAddress: WalletAddress): string {
  return `${resourceUrl(walletAddress, 'incoming-payments')}/${randomUUID()}`
}

export function expectRefused(ruleId: string, exchange: Exchange, statuses: number[], what: string): void {
  expect(
    statuses,
    rule(ruleId, `${what} is refused with ${statuses.join(' or ')}: ${summarize(exchange)}`),
  ).toContain(exchange.response.status)
}

/** No incoming payment on the wallet address carries the marker (the list is walked: its order is open). */
export async function expectNothingCreated(
  resources: Resources,
  ruleId: string,
  walletAddress: WalletAddress,
  token: string,
  marker: string,
  what: string,
): Promise<void> {
  const list = resourceCalls.listIncomingPayments(walletAddress, 100)
  const listed = await walkList(resources, list, token, ruleId)
  expect(
    listed.some((item) => hasMarker(item, marker)),
    rule(ruleId, `${what} created nothing`),
  ).toBe(false)
}

export async function readIncomingPayment(
  resources: Resources,
  id: string,
  token: string,
  ruleId: string,
): Promise<Exchange> {
  const exchange = await resources.send(resourceCalls.getIncomingPayment(id), token)
  expect(exchange.response.status, rule(ruleId, `GET ${id} answers 200: ${summarize(exchange)}`)).toBe(200)
  return exchange
}
