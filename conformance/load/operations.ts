import { setTimeout as sleep } from 'node:timers/promises'
import type { OutgoingPayment } from '@interledger/open-payments'
import { amountIn } from '../harness/discovery/discovery.ts'
import { expect } from '../harness/expect/conformance-expect.ts'
import type { IssuedGrant } from '../harness/gnap/grant-types.ts'
import type { ConformanceApi } from '../harness/http/conformance-api.ts'
import { summarize } from '../harness/http/format-exchange.ts'
import { OPERATIONS } from '../harness/openapi/operations.ts'
import { rule } from '../harness/rules/covers.ts'
import { isFullySent } from '../steps/amounts.ts'
import { SETTLEMENT_TIMEOUT_MS } from '../steps/payment-steps.ts'
import { resourceCalls } from '../steps/resource-calls.ts'
import { Resources } from '../steps/resources.ts'
import type { BenchSession } from './bench-session.ts'
import type { Measure } from './load-loop.ts'

export const OPERATION_NAMES = [
  'wallet-address',
  'create-incoming-payment',
  'get-incoming-payment',
  'create-quote',
  'create-outgoing-payment',
  'flow',
] as const
export type OperationName = (typeof OPERATION_NAMES)[number]

/** One iteration, through its own recorder of exchanges. */
export type Step = (api: ConformanceApi, measure: Measure) => Promise<void>

export interface LoadOperation {
  name: OperationName
  /** What one iteration measures, for the table's legend. */
  measures: string
  /** Obtains what every iteration needs (grants, a resource to read), once, just before the run. */
  prepare(session: BenchSession): Promise<Step>
}

/** Grants the payments may draw on: far more than any run moves, in the target's smallest amounts. */
export const GRANT_UNITS = 10_000_000n

export const LOAD_OPERATIONS: Record<OperationName, LoadOperation> = {
  'wallet-address': {
    name: 'wallet-address',
    measures: 'GET the sender wallet address (unsigned, as clients do)',
    prepare: async ({ target }) => {
      const url = target.walletAddresses.sender
      return async (api, measure) => {
        const exchange = await measure(() =>
          api.send({ operation: OPERATIONS.getWalletAddress, method: 'GET', url }),
        )
        expect(exchange).toAnswer(200, 'WA-DOC', `GET ${url}`)
      }
    },
  },
  'create-incoming-payment': {
    name: 'create-incoming-payment',
    measures: 'signed POST /incoming-payments',
    prepare: async (session) => {
      const token = await incomingToken(session)
      const { receiver } = session.discovery
      return async (api, measure) => {
        await measure(() => new Resources(api).createIncomingPayment(token, receiver))
      }
    },
  },
  'get-incoming-payment': {
    name: 'get-incoming-payment',
    measures: 'signed GET /incoming-payments/{id}',
    prepare: async (session) => {
      const token = await incomingToken(session)
      const created = await new Resources(session.api()).createIncomingPayment(
        token,
        session.discovery.receiver,
      )
      return async (api, measure) => {
        const exchange = await measure(() =>
          new Resources(api).send(resourceCalls.getIncomingPayment(created.id), token),
        )
        expect(exchange).toAnswer(200, 'IP-GET', `reading ${created.id}`)
      }
    },
  },
  'create-quote': {
    name: 'create-quote',
    measures: 'signed POST /quotes (debitAmount, to one incoming payment)',
    prepare: async (session) => {
      const { sender, unit } = session.discovery
      const oneUnit = { debitAmount: amountIn(sender, unit) }
      const receiver = await bigReceiver(session)
      const token = await quoteToken(session)
      return async (api, measure) => {
        await measure(() => new Resources(api).createQuote(token, sender, receiver, oneUnit))
      }
    },
  },
  'create-outgoing-payment': {
    name: 'create-outgoing-payment',
    measures: 'signed POST /outgoing-payments from a quote (the quote, made first, is not timed)',
    prepare: async (session) => {
      const { sender, unit } = session.discovery
      const oneUnit = { debitAmount: amountIn(sender, unit) }
      const receiver = await bigReceiver(session)
      const quotes = await quoteToken(session)
      const api = session.api()
      const limits = { debitAmount: amountIn(sender, unit * GRANT_UNITS) }
      const token = accessToken(await session.grants(api).outgoingPayment(sender, { limits }))
      return async (through, measure) => {
        const resources = new Resources(through)
        const quote = await resources.createQuote(quotes, sender, receiver, oneUnit)
        await measure(() => resources.createOutgoingPayment(token, sender, quote.id))
      }
    },
  },
  flow: {
    name: 'flow',
    measures:
      'the whole payment: incoming payment, quote, outgoing-payment grant with consent, outgoing payment, until sent',
    prepare: async (session) => {
      const { sender, receiver, unit } = session.discovery
      const oneUnit = { debitAmount: amountIn(sender, unit) }
      const incoming = await incomingToken(session)
      const quotes = await quoteToken(session)
      return async (api) => {
        const resources = new Resources(api)
        const payee = await resources.createIncomingPayment(incoming, receiver, {
          incomingValue: unit * 100n,
        })
        const quote = await resources.createQuote(quotes, sender, payee.id, oneUnit)
        const grant = await session
          .grants(api)
          .outgoingPayment(sender, { limits: { debitAmount: quote.debitAmount } })
        const token = accessToken(grant)
        const payment = await resources.createOutgoingPayment(token, sender, quote.id)
        await untilSent(resources, payment.id, token)
      }
    },
  },
}

function accessToken(grant: IssuedGrant): string {
  return grant.grant.access_token.value
}

async function incomingToken(session: BenchSession): Promise<string> {
  return accessToken(
    await session.grants(session.api()).incomingPayment(session.discovery.receiver, ['create', 'read']),
  )
}

async function quoteToken(session: BenchSession): Promise<string> {
  return accessToken(await session.grants(session.api()).quote(session.discovery.sender))
}

/** An incoming payment that every quote and payment of a run can go to without completing it. */
async function bigReceiver(session: BenchSession): Promise<string> {
  const { receiver, unit } = session.discovery
  const token = await incomingToken(session)
  const value = unit * GRANT_UNITS * 10n
  const payment = await new Resources(session.api()).createIncomingPayment(token, receiver, {
    incomingValue: value,
  })
  return payment.id
}

/** Reads the payment until it has sent it all; failing, or still sending after the suite's limit, is an error. */
async function untilSent(resources: Resources, id: string, token: string): Promise<void> {
  const deadline = Date.now() + SETTLEMENT_TIMEOUT_MS
  for (let attempt = 0; ; attempt++) {
    const exchange = await resources.send(resourceCalls.getOutgoingPayment(id), token)
    expect(exchange).toAnswer(200, 'OP-GET', `reading ${id}`)
    const payment = exchange.response.json as OutgoingPayment
    expect(payment.failed, rule('OP-SETTLE', `${id} failed: ${summarize(exchange)}`)).not.toBe(true)
    if (isFullySent(payment)) return
    expect(
      Date.now() < deadline,
      rule('OP-PROCESS', `${id} had not sent it all after ${SETTLEMENT_TIMEOUT_MS / 1000} s`),
    ).toBe(true)
    await sleep(Math.min(25 * 2 ** attempt, 250))
  }
}
