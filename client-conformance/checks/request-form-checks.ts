import { isResourceRequest, pathOf, requestJson, responseJson } from '../recorded-traffic.ts'
import type { RecordedExchange } from '../recording-proxy.ts'
import { type Check, overExchanges } from './check.ts'

const UINT64_MAX = 18446744073709551615n

const isCreate = (path: string) => (exchange: RecordedExchange) =>
  isResourceRequest(exchange) && exchange.request.method === 'POST' && pathOf(exchange) === path

/** Every amount in a request body: the Amount objects found anywhere in it (limits included). */
export function amountsIn(value: unknown, at = ''): { at: string; value: unknown }[] {
  if (!value || typeof value !== 'object') return []
  const record = value as Record<string, unknown>
  if ('assetCode' in record && 'assetScale' in record) return [{ at, value: record.value }]
  return Object.entries(record).flatMap(([name, member]) => amountsIn(member, at ? `${at}.${name}` : name))
}

/** Amount values are strings of an unsigned 64-bit integer. */
export const amountStrings: Check = (run) => [
  overExchanges(
    'CL-AMOUNT-STRING',
    run,
    (exchange) => amountsIn(requestJson(exchange)).length > 0,
    (exchange) => {
      const bad = amountsIn(requestJson(exchange)).filter(
        ({ value }) =>
          typeof value !== 'string' || !/^(0|[1-9]\d*)$/.test(value) || BigInt(value) > UINT64_MAX,
      )
      return bad.length > 0
        ? `amount values not uint64 strings: ${bad.map((b) => `${b.at}.value = ${JSON.stringify(b.value)}`).join(', ')}`
        : undefined
    },
  ),
]

/** first and last from 1 to 100. */
export const listBounds: Check = (run) => [
  overExchanges(
    'CL-LIST-BOUNDS',
    run,
    (exchange) =>
      isResourceRequest(exchange) &&
      exchange.request.method === 'GET' &&
      /^\/(incoming|outgoing)-payments$/.test(pathOf(exchange)),
    (exchange) => {
      const query = new URL(exchange.request.url).searchParams
      const bad = ['first', 'last'].filter((name) => {
        const value = query.get(name)
        return value !== null && !(/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 100)
      })
      return bad.length > 0
        ? bad.map((name) => `${name}=${query.get(name)} is outside 1..100`).join(', ')
        : undefined
    },
  ),
]

/** Incoming payments the ASE created for the client (201 answers), by id, with the request that made them. */
function createdIncomingPayments(exchanges: readonly RecordedExchange[]) {
  return new Map(
    exchanges
      .filter((exchange) => isCreate('/incoming-payments')(exchange) && exchange.response.status === 201)
      .map((exchange) => [responseJson(exchange)?.id as string, exchange]),
  )
}

/** Exactly one of debitAmount and receiveAmount, or none when the receiver has an incomingAmount. */
export const quoteAmounts: Check = (run) => {
  const created = createdIncomingPayments(run.all)
  return [
    overExchanges('CL-QUOTE-AMOUNT', run, isCreate('/quotes'), (exchange) => {
      const body = requestJson(exchange) ?? {}
      const given = ['debitAmount', 'receiveAmount'].filter((name) => body[name] !== undefined)
      if (given.length === 2) return 'gives both debitAmount and receiveAmount'
      if (given.length === 1) return undefined
      const receiver = created.get(body.receiver as string)
      return receiver && responseJson(receiver)?.incomingAmount
        ? undefined
        : 'gives no amount, and the receiver has no incomingAmount'
    }),
  ]
}

/** quoteId, or incomingPayment with debitAmount. */
export const outgoingPaymentForm: Check = (run) => [
  overExchanges('CL-OP-FORM', run, isCreate('/outgoing-payments'), (exchange) => {
    const body = requestJson(exchange) ?? {}
    const quote = body.quoteId !== undefined
    const direct = body.incomingPayment !== undefined && body.debitAmount !== undefined
    if (quote && (body.incomingPayment !== undefined || body.debitAmount !== undefined))
      return 'gives quoteId together with incomingPayment or debitAmount'
    return quote || direct ? undefined : 'gives neither quoteId nor incomingPayment with debitAmount'
  }),
]

/** Quote receivers and payment targets are incoming payments the client created before (general rule 3). */
export const incomingPaymentFirst: Check = (run) => {
  const created = createdIncomingPayments(run.all)
  return [
    overExchanges(
      'CL-IP-BEFORE-PAY',
      run,
      (exchange) => isCreate('/quotes')(exchange) || isCreate('/outgoing-payments')(exchange),
      (exchange) => {
        const body = requestJson(exchange) ?? {}
        const target = (body.receiver ?? body.incomingPayment) as string | undefined
        if (target === undefined) return undefined
        const made = created.get(target)
        return made && made.seq < exchange.seq
          ? undefined
          : `pays ${JSON.stringify(target)}, which is no incoming payment the client created before`
      },
    ),
  ]
}
