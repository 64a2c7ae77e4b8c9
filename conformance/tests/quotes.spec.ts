import type { Quote, WalletAddress } from '@interledger/open-payments'
import type { Exchange } from '../../clients/src/index.ts'
import { expectAmountIn } from '../checks/amount-checks.ts'
import { expectRefusal } from '../checks/refusals.ts'
import {
  amountIn,
  bodyOf,
  covers,
  expect,
  type RuleId,
  rule,
  test,
  warn,
} from '../fixtures/conformance-test.ts'
import { notApplicable } from '../harness/rules/not-applicable.ts'
import { describeAmount, foreignAmount } from '../steps/amounts.ts'
import { resourceCalls, unknownId } from '../steps/resource-calls.ts'

/** The quote fields every created quote shows whatever its amounts; the amounts are each test's business. */
function expectQuoteOf(ruleId: RuleId, exchange: Exchange, sender: WalletAddress, receiver: string): Quote {
  expect(exchange).toAnswer(201, ruleId, 'the quote is created')
  const quote = bodyOf(exchange, 'quote')
  expect(quote.walletAddress, rule(ruleId, 'walletAddress is the sending wallet address sent')).toBe(
    sender.id,
  )
  expect(quote.receiver, rule(ruleId, 'receiver is the incoming payment sent')).toBe(receiver)
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

/** Fixed-send and fixed-receive: the amount given is kept, the other one is worked out in its own asset. */
const FIXED_AMOUNTS = [
  {
    name: 'fixed-send',
    fixed: 'debitAmount',
    fixedIn: 'sender',
    other: 'receiveAmount',
    otherIn: 'receiver',
  },
  {
    name: 'fixed-receive',
    fixed: 'receiveAmount',
    fixedIn: 'receiver',
    other: 'debitAmount',
    otherIn: 'sender',
  },
] as const

test.describe('quotes', () => {
  for (const { name, fixed, fixedIn, other, otherIn } of FIXED_AMOUNTS) {
    test(
      `a ${name} quote keeps the ${fixed} and works out the ${other}`,
      covers('QT-CREATE'),
      async ({ discovery, paymentSteps: steps }) => {
        const { payment } = await steps.receiver({ incomingValue: 1000n * discovery.unit })
        const amount = amountIn(discovery[fixedIn], 7n * discovery.unit)

        const quote = expectQuoteOf(
          'QT-CREATE',
          await steps.sendQuote(payment.id, { [fixed]: amount }),
          discovery.sender,
          payment.id,
        )
        expect(quote[fixed], rule('QT-CREATE', `a ${name} quote keeps the ${fixed}`)).toEqual(amount)
        expectAmountIn('QT-CREATE', quote[other], discovery[otherIn], other)

        const foreign = foreignAmount(discovery[fixedIn], 7n * discovery.unit)
        const refused = await steps.sendQuote(payment.id, { [fixed]: foreign }, 'invalid')
        expectRefusal(refused, {
          rule: 'QT-CREATE',
          what: `a ${fixed} in ${describeAmount(foreign)}, not the ${fixedIn}'s asset`,
          statuses: [400],
        })
      },
    )
  }

  test(
    'a quote with both debitAmount and receiveAmount is refused',
    covers('QT-ONE-AMOUNT'),
    async ({ discovery, paymentSteps: steps }) => {
      const { sender, receiver, unit } = discovery
      const { payment } = await steps.receiver({ incomingValue: 1000n * unit })
      const debitAmount = amountIn(sender, 5n * unit)
      const receiveAmount = amountIn(receiver, 5n * unit)

      const refused = await steps.sendQuote(payment.id, { debitAmount, receiveAmount }, 'invalid')
      expectRefusal(refused, { rule: 'QT-ONE-AMOUNT', what: 'a quote with both amounts', statuses: [400] })

      for (const amounts of [{ debitAmount }, { receiveAmount }]) {
        const control = await steps.sendQuote(payment.id, amounts)
        expect(control).toAnswer(201, 'QT-ONE-AMOUNT', `positive control, ${Object.keys(amounts)[0]} alone`)
      }
    },
  )

  test(
    "without amounts, the quote receives what the receiver's incomingAmount asks",
    covers('QT-INFER'),
    async ({ discovery, paymentSteps: steps }) => {
      const { sender, receiver, unit } = discovery
      const { payment } = await steps.receiver({ incomingValue: 25n * unit })

      const quote = expectQuoteOf('QT-INFER', await steps.sendQuote(payment.id, {}), sender, payment.id)
      expect(
        quote.receiveAmount,
        rule('QT-INFER', 'receiveAmount is the incomingAmount less the receivedAmount (nothing yet)'),
      ).toEqual(amountIn(receiver, 25n * unit))
      expectAmountIn('QT-INFER', quote.debitAmount, sender, 'debitAmount')

      const open = await steps.receiver()
      const nothingToInfer = await steps.sendQuote(open.payment.id, {})
      expect(nothingToInfer).not.toAnswer(
        201,
        'QT-INFER',
        'a receiver without incomingAmount gives nothing to infer',
      )
    },
  )

  test(
    'without amounts and no incomingAmount, the quote fails',
    covers('QT-NO-AMOUNT'),
    async ({ discovery, paymentSteps: steps }) => {
      const { sender } = discovery
      const { payment } = await steps.receiver()
      expect(
        payment.incomingAmount,
        rule('QT-NO-AMOUNT', 'the receiver has no incomingAmount'),
      ).toBeUndefined()

      const refused = await steps.sendQuote(payment.id, {})
      expectRefusal(refused, {
        rule: 'QT-NO-AMOUNT',
        what: 'a quote without amounts to a receiver without incomingAmount',
        statuses: [400],
      })

      const control = await steps.sendQuote(payment.id, {
        debitAmount: amountIn(sender, 5n * discovery.unit),
      })
      expect(control).toAnswer(201, 'QT-NO-AMOUNT', 'positive control, the same receiver with a debitAmount')
    },
  )

  test(
    'get returns the quote; an unknown id is not found',
    covers('QT-GET'),
    async ({ resources, discovery, sharedGrants, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      const { payment } = await steps.receiver({ incomingValue: 1000n * unit })
      const created = await steps.quote(payment.id, { debitAmount: amountIn(sender, 3n * unit) })
      const token = await sharedGrants.token('quote')

      const read = await resources.send(resourceCalls.getQuote(created.id), token)
      expect(read).toAnswer(200, 'QT-GET', 'get the quote')
      const quote = bodyOf(read, 'quote')
      expect(
        {
          id: quote.id,
          walletAddress: quote.walletAddress,
          receiver: quote.receiver,
          debitAmount: quote.debitAmount,
          receiveAmount: quote.receiveAmount,
        },
        rule('QT-GET', 'get returns the quote as created'),
      ).toEqual({
        id: created.id,
        walletAddress: created.walletAddress,
        receiver: created.receiver,
        debitAmount: created.debitAmount,
        receiveAmount: created.receiveAmount,
      })
      expect(
        [Date.parse(quote.createdAt), Date.parse(quote.expiresAt ?? '')],
        rule('QT-GET', 'get returns the createdAt and expiresAt of the created quote'),
      ).toEqual([Date.parse(created.createdAt), Date.parse(created.expiresAt ?? '')])

      const unknown = await resources.send(resourceCalls.getQuote(unknownId(sender, 'quotes')), token)
      expect(unknown).toAnswer(404, 'QT-GET', 'an unknown quote id')
    },
  )

  test(
    "a quote across assets debits the sender's asset and receives the receiver's",
    covers('QT-CROSS-ASSET'),
    async ({ discovery, grants, paymentSteps: steps }) => {
      const { sender, otherAsset, unit } = discovery
      notApplicable(
        !otherAsset,
        'the target file gives no walletAddresses.otherAsset (a wallet in another asset)',
      )
      const other = otherAsset!
      const token = (await grants.incomingPayment(other)).grant.access_token.value
      const { payment } = await steps.receiver({ incomingValue: 10_000n * unit }, other, token)

      const debitAmount = amountIn(sender, 100n * unit)
      const fixedSend = expectQuoteOf(
        'QT-CROSS-ASSET',
        await steps.sendQuote(payment.id, { debitAmount }),
        sender,
        payment.id,
      )
      expect(
        fixedSend.debitAmount,
        rule('QT-CROSS-ASSET', 'a fixed-send quote keeps the debitAmount'),
      ).toEqual(debitAmount)
      expectAmountIn('QT-CROSS-ASSET', fixedSend.receiveAmount, other, 'the fixed-send receiveAmount')

      const receiveAmount = amountIn(other, 100n * unit)
      const fixedReceive = expectQuoteOf(
        'QT-CROSS-ASSET',
        await steps.sendQuote(payment.id, { receiveAmount }),
        sender,
        payment.id,
      )
      expect(
        fixedReceive.receiveAmount,
        rule('QT-CROSS-ASSET', 'a fixed-receive quote keeps the receiveAmount'),
      ).toEqual(receiveAmount)
      expectAmountIn('QT-CROSS-ASSET', fixedReceive.debitAmount, sender, 'the fixed-receive debitAmount')

      const refused = await steps.sendQuote(
        payment.id,
        { receiveAmount: amountIn(sender, 100n * unit) },
        'invalid',
      )
      expectRefusal(refused, {
        rule: 'QT-CROSS-ASSET',
        what: `a receiveAmount in the sender's asset, not the receiver's`,
        statuses: [400],
      })
    },
  )
})
