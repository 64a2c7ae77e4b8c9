import type { WalletAddress } from '@interledger/open-payments'
import { expectRefusedWithoutEffect } from '../checks/refusals.ts'
import {
  amountIn,
  covers,
  newMarker,
  type ResourceCall,
  type RuleId,
  resourceCalls,
  test,
  unknownId,
} from '../fixtures/conformance-test.ts'

type Body = Record<string, unknown>

interface BadRequest {
  name: string
  rule: RuleId
  statuses: readonly number[]
  /** Which request is broken: its valid form is the positive control. */
  request: 'quote' | 'payment' | 'list'
  /** The valid body made invalid; `quoteId` is a fresh quote when the row asks for one. */
  breakBody?(valid: Body, sender: WalletAddress, quoteId?: string): Body
  /** Needs a valid quote of its own to mix into the body. */
  withQuote?: true
  breakUrl?(url: URL): void
}

/** decisions.md: a receiver the server does not know is an invalid receiver (400) or not found (404). */
const UNKNOWN_RECEIVER = [400, 404]

const withAmount = (amount: Body) => (valid: Body) => ({ ...valid, debitAmount: amount })

const BAD_REQUESTS: BadRequest[] = [
  {
    name: 'a quote to an incoming payment the server never issued',
    rule: 'GEN-RECEIVER-EXISTS',
    statuses: UNKNOWN_RECEIVER,
    request: 'quote',
    breakBody: (valid, sender) => ({ ...valid, receiver: unknownId(sender, 'incoming-payments') }),
  },
  {
    name: 'an outgoing payment to an incoming payment the server never issued',
    rule: 'GEN-RECEIVER-EXISTS',
    statuses: UNKNOWN_RECEIVER,
    request: 'payment',
    breakBody: (valid, sender) => ({ ...valid, incomingPayment: unknownId(sender, 'incoming-payments') }),
  },
  ...(
    [
      ['without value', ({ value: _, ...rest }: Body) => rest],
      ['without assetCode', ({ assetCode: _, ...rest }: Body) => rest],
      ['without assetScale', ({ assetScale: _, ...rest }: Body) => rest],
      ['with a negative assetScale', (amount: Body) => ({ ...amount, assetScale: -1 })],
      ['with a fractional assetScale', (amount: Body) => ({ ...amount, assetScale: 2.5 })],
    ] as const
  ).flatMap(([what, change]) =>
    (['quote', 'payment'] as const).map(
      (request): BadRequest => ({
        name: `${request === 'quote' ? 'a quote' : 'an outgoing payment'} whose debitAmount is ${what}`,
        rule: 'AMT-FIELDS',
        statuses: [400],
        request,
        breakBody: (valid) => withAmount(change(valid.debitAmount as Body))(valid),
      }),
    ),
  ),
  {
    name: 'an outgoing payment with quoteId beside incomingPayment and debitAmount',
    rule: 'OP-ONE-FORM',
    statuses: [400],
    request: 'payment',
    withQuote: true,
    breakBody: (valid, _, quoteId) => ({ ...valid, quoteId }),
  },
  {
    name: 'an outgoing payment with neither quoteId nor incomingPayment and debitAmount',
    rule: 'OP-ONE-FORM',
    statuses: [400],
    request: 'payment',
    breakBody: ({ incomingPayment: _, debitAmount: __, ...rest }) => rest,
  },
  {
    name: 'a list of outgoing payments without wallet-address',
    rule: 'LIST-WALLET-ADDRESS',
    statuses: [400],
    request: 'list',
    breakUrl: (url) => url.searchParams.delete('wallet-address'),
  },
]

test.describe('requests the seed rules refuse', () => {
  for (const bad of BAD_REQUESTS) {
    test(bad.name, covers(bad.rule), async ({ api, discovery, sharedGrants, paymentSteps, resources }) => {
      const { sender, unit } = discovery
      const marker = newMarker()
      const { payment } = await paymentSteps.receiver({ incomingValue: 1000n * unit })
      const valid: ResourceCall =
        bad.request === 'quote'
          ? resourceCalls.createQuote(sender, payment.id, { debitAmount: amountIn(sender, unit) })
          : bad.request === 'payment'
            ? resourceCalls.createDirectPayment(sender, payment.id, amountIn(sender, unit), marker)
            : resourceCalls.listOutgoingPayments(sender)
      const quoteId = bad.withQuote
        ? (await paymentSteps.quote(payment.id, { debitAmount: amountIn(sender, unit) })).id
        : undefined
      const url = new URL(valid.url)
      bad.breakUrl?.(url)
      const broken = {
        ...valid,
        url: url.href,
        ...(bad.breakBody ? { json: bad.breakBody(valid.json as Body, sender, quoteId) } : {}),
      }
      const token = await sharedGrants.token(bad.request === 'quote' ? 'quote' : 'outgoing-payment')
      const listing = resourceCalls.listOutgoingPayments(sender, 100)
      await expectRefusedWithoutEffect(await api.send({ ...broken, token, input: 'invalid' }), {
        rule: bad.rule,
        what: bad.name,
        statuses: bad.statuses,
        tookEffect: bad.request === 'payment' ? () => resources.listed(listing, token, marker) : undefined,
        control: () => api.send({ ...valid, token }),
        controlStatus: bad.request === 'list' ? 200 : 201,
        controlWhat: 'the same request made valid',
      })
    })
  }
})
