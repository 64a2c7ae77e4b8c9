import type { OutgoingPayment, Quote } from '@interledger/open-payments'
import {
  isReceiverUrl,
  lastingFields,
  outgoingPaymentProblems,
  RECEIVER_PATTERN,
} from '../checks/outgoing-payment-checks.ts'
import {
  amountIn,
  bodyOf,
  covers,
  expect,
  resourceCalls,
  rule,
  settlementTestTimeoutMs,
  test,
  walkListUntil,
  warn,
} from '../fixtures/conformance-test.ts'

test.describe.configure({ timeout: settlementTestTimeoutMs(1) })

test.describe('outgoing payments and quotes: the fields the spec gives them', () => {
  test(
    'the receiver of an outgoing payment is the incoming payment paid, in the pattern the spec gives',
    covers('OP-RECEIVER'),
    async ({ resources, discovery, sharedGrants, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      const { payment: incoming } = await steps.receiver({ incomingValue: 1000n * unit })
      // Positive control: the incoming payment's own URL is a receiver, so the pattern is the target's shape.
      expect(
        isReceiverUrl(incoming.id),
        rule(
          'OP-RECEIVER',
          `positive control: the incoming payment ${incoming.id} matches ${RECEIVER_PATTERN}`,
        ),
      ).toBe(true)

      const fromQuote = await steps.pay(
        await steps.quote(incoming.id, { debitAmount: amountIn(sender, unit) }),
      )
      const direct = await steps.sendDirectPayment(incoming.id, unit)
      expect(direct).toAnswer(
        201,
        'OP-CREATE-INCOMING',
        'a payment from the incoming payment and a debitAmount',
      )
      const token = await sharedGrants.token('outgoing-payment')
      for (const [form, created] of [
        ['from a quote', fromQuote],
        ['from the incoming payment', bodyOf(direct, 'outgoing-payment')],
      ] as const) {
        const read = await resources.send(resourceCalls.getOutgoingPayment(created.id), token)
        expect(read).toAnswer(200, 'OP-GET#found', `get ${created.id}`)
        for (const [view, payment] of [
          ['created', created],
          ['read', bodyOf(read, 'outgoing-payment')],
        ] as const) {
          expect(
            isReceiverUrl(payment.receiver),
            rule('OP-RECEIVER', `${form}, ${view}: receiver ${payment.receiver} matches ${RECEIVER_PATTERN}`),
          ).toBe(true)
          expect(
            payment.receiver,
            rule('OP-RECEIVER', `${form}, ${view}: receiver is the incoming payment paid`),
          ).toBe(incoming.id)
        }
      }
    },
  )

  test(
    'every listed outgoing payment carries its fields, with the values it was created with',
    covers('OP-LIST-FIELDS'),
    async ({ resources, discovery, sharedGrants, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      const { payment: incoming } = await steps.receiver({ incomingValue: 1000n * unit })
      const fromQuote = await steps.pay(
        await steps.quote(incoming.id, { debitAmount: amountIn(sender, unit) }),
      )
      const direct = await steps.sendDirectPayment(incoming.id, 2n * unit)
      expect(direct).toAnswer(
        201,
        'OP-CREATE-INCOMING',
        'a payment from the incoming payment and a debitAmount',
      )
      const created = [fromQuote, bodyOf(direct, 'outgoing-payment')]

      const pending = new Set(created.map((payment) => payment.id))
      const { items, complete } = await walkListUntil(
        resources,
        resourceCalls.listOutgoingPayments(sender, 100),
        await sharedGrants.token('outgoing-payment'),
        'OP-LIST-FIELDS',
        (item) => pending.delete((item as { id?: string }).id ?? '') && pending.size === 0,
      )
      expect(items.length, rule('OP-LIST-FIELDS', 'positive control: the list has items')).toBeGreaterThan(0)
      for (const [index, item] of items.entries()) {
        expect(
          outgoingPaymentProblems(item),
          rule(
            'OP-LIST-FIELDS',
            `result item ${index} (${(item as { id?: string }).id}) has the fields and types`,
          ),
        ).toEqual([])
      }
      for (const payment of created) {
        const listed = items.find((item) => (item as OutgoingPayment).id === payment.id) as
          | OutgoingPayment
          | undefined
        if (listed === undefined && !complete) {
          warn(
            'OP-LIST-FIELDS',
            `the list is too long to walk to ${payment.id}: its listed values were not compared`,
          )
          continue
        }
        expect(listed, rule('OP-LIST-FIELDS', `the list shows ${payment.id}`)).toBeDefined()
        const [expected, actual] = [lastingFields(payment), lastingFields(listed!)]
        // quoteId is optional: a list that leaves it out is a warning, one that names another quote is wrong.
        if (actual.quoteId === undefined && expected.quoteId !== undefined) {
          warn('OP-LIST-FIELDS', `${payment.id} is listed without its quoteId ${expected.quoteId}`)
          expected.quoteId = undefined
        }
        expect(
          actual,
          rule('OP-LIST-FIELDS', `${payment.id} is listed with the values it was created with`),
        ).toEqual(expected)
      }
    },
  )

  test(
    'a quote says method "ilp", created and read',
    covers('QT-METHOD'),
    async ({ resources, discovery, sharedGrants, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      const { payment: incoming } = await steps.receiver({ incomingValue: 1000n * unit })
      const created = await steps.quote(incoming.id, { debitAmount: amountIn(sender, unit) })
      const read = await resources.send(resourceCalls.getQuote(created.id), await sharedGrants.token('quote'))
      expect(read).toAnswer(200, 'QT-GET#found', `get ${created.id}`)
      for (const [view, quote] of [
        ['created', created],
        ['read', read.response.json as Quote],
      ] as const) {
        // The spec does not say which quote fields are required: a quote without method is a warning (bodyOf
        // would fail it on the OpenAPI schema, which requires method, so the read quote is taken as it is).
        if (quote.method === undefined) warn('QT-METHOD', `the ${view} quote ${created.id} has no method`)
        else expect(quote.method, rule('QT-METHOD', `the ${view} quote's method`)).toBe('ilp')
      }
    },
  )
})
