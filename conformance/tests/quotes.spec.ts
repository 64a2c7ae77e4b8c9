import { expectAmountIn } from '../checks/amount-checks.ts'
import { expectFixedQuote, expectQuoteAsCreated, expectQuoteOf } from '../checks/quote-checks.ts'
import { expectRefusal } from '../checks/refusals.ts'
import {
  amountIn,
  covers,
  describeAmount,
  expect,
  foreignAmount,
  notApplicable,
  resourceCalls,
  rule,
  skipUnchecked,
  test,
  unknownId,
} from '../fixtures/conformance-test.ts'

const NOTHING_TO_INFER = 'a receiver without incomingAmount gives nothing to infer'

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

        const to = { sender: discovery.sender, receiver: payment.id }
        const sent = await steps.sendQuote(payment.id, { [fixed]: amount })
        expectFixedQuote('QT-CREATE', sent, to, [fixed, amount], [discovery[otherIn], other])

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
      const inferred = rule(
        'QT-INFER',
        'receiveAmount is the incomingAmount less the receivedAmount (nothing yet)',
      )
      expect(quote.receiveAmount, inferred).toEqual(amountIn(receiver, 25n * unit))
      expectAmountIn('QT-INFER', quote.debitAmount, sender, 'debitAmount')

      const open = await steps.receiver()
      const nothingToInfer = await steps.sendQuote(open.payment.id, {})
      expect(nothingToInfer).not.toAnswer(201, 'QT-INFER', NOTHING_TO_INFER)
    },
  )

  test(
    'without amounts and no incomingAmount, the quote fails',
    covers('QT-NO-AMOUNT'),
    async ({ discovery, paymentSteps: steps }) => {
      const { sender, unit } = discovery
      const { payment } = await steps.receiver()
      // A precondition, not QT-NO-AMOUNT's check: a receiver created without incomingAmount that shows one (an
      // echo matter of the create) leaves an amount to infer, so the case the rule is about did not arise.
      if (payment.incomingAmount !== undefined)
        skipUnchecked(
          ['QT-NO-AMOUNT'],
          `the incoming payment created without incomingAmount came back with incomingAmount ` +
            `${payment.incomingAmount.value} (${payment.id}): no receiver without an amount to quote against`,
        )

      const what = 'a quote without amounts to a receiver without incomingAmount'
      expectRefusal(await steps.sendQuote(payment.id, {}), { rule: 'QT-NO-AMOUNT', what, statuses: [400] })
      const control = await steps.sendQuote(payment.id, { debitAmount: amountIn(sender, 5n * unit) })
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

      expectQuoteAsCreated(await resources.send(resourceCalls.getQuote(created.id), token), created)

      const unknown = await resources.send(resourceCalls.getQuote(unknownId(sender, 'quotes')), token)
      expect(unknown).toAnswer(404, 'QT-GET#unknown-404', 'an unknown quote id')
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

      const [debitAmount, receiveAmount] = [amountIn(sender, 100n * unit), amountIn(other, 100n * unit)]
      const to = { sender, receiver: payment.id }
      const fixedSend = await steps.sendQuote(payment.id, { debitAmount })
      expectFixedQuote(
        'QT-CROSS-ASSET',
        fixedSend,
        to,
        ['debitAmount', debitAmount],
        [other, 'the fixed-send receiveAmount'],
      )
      const fixedReceive = await steps.sendQuote(payment.id, { receiveAmount })
      expectFixedQuote(
        'QT-CROSS-ASSET',
        fixedReceive,
        to,
        ['receiveAmount', receiveAmount],
        [sender, 'the fixed-receive debitAmount'],
      )

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
