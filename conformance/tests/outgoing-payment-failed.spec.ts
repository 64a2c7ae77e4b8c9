import { REFUSED_RECEIVER } from '../checks/incoming-payment-refusals.ts'
import { expectRefusal } from '../checks/refusals.ts'
import {
  amountIn,
  BEYOND_ANY_BALANCE,
  bodyOf,
  covers,
  expect,
  rule,
  SETTINGS,
  SETTLEMENT_TIMEOUT_MS,
  settlementTestTimeoutMs,
  test,
} from '../fixtures/conformance-test.ts'

// The payments are polled together, for up to SETTLEMENT_TIMEOUT_MS, then the receiver, then the payments left
// pending for another SETTLEMENT_TIMEOUT_MS.
test.describe.configure({ timeout: settlementTestTimeoutMs(3) })

/** Payments sent together into an incoming payment that takes one of them. */
const PAYMENTS = 4

test.describe('outgoing payments: a payment that cannot be funded or delivered', () => {
  // A sender short of funds may rightly have its payment held until it is funded: an unfunded payment left
  // pending proves nothing unless the target file says the target fails such payments.
  test(
    'a payment its sender cannot cover is marked failed, where the target fails unfunded payments',
    covers('OP-FAILED'),
    async ({ grants, discovery, target, paymentSteps: steps }) => {
      test.skip(
        target.capabilities?.unfundedPaymentsFail !== true,
        'the target file does not set capabilities.unfundedPaymentsFail: a payment its sender cannot cover may ' +
          'be held until it is funded, which the suite cannot tell from a failure left unmarked',
      )
      const { sender, unit } = discovery
      // A grant whose limit lets the payment through: only the sender's balance stands in its way.
      const limits = { debitAmount: amountIn(sender, 2n * BEYOND_ANY_BALANCE) }
      const token = (await grants.outgoingPayment(sender, { limits })).grant.access_token.value
      const { payment: incoming } = await steps.receiver()
      const control = await steps.sendDirectPayment(incoming.id, unit, undefined, token)
      expect(control).toAnswer(201, 'OP-FAILED', `positive control, a payment of ${unit} under the grant`)
      await steps.untilSent(bodyOf(control, 'outgoing-payment').id, 'OP-FAILED', token)

      const unfunded = await steps.sendDirectPayment(incoming.id, BEYOND_ANY_BALANCE, undefined, token)
      if (unfunded.response.status !== 201) {
        expectRefusal(unfunded, {
          rule: 'OP-FAILED',
          what: `a payment of ${BEYOND_ANY_BALANCE}, more than the sender holds`,
          statuses: [400, 403],
        })
        return
      }
      const id = bodyOf(unfunded, 'outgoing-payment').id
      // Still pending after one settlement time, it may yet be marked failed: it is given a second (as a payment
      // into a completed receiver is, below); the target itself says it fails such payments. Read with the shared
      // token, which is renewed: the grant's own may end within those two waits.
      const first = await steps.outcome(id)
      const { state, detail } = first.state === 'pending' ? await steps.outcome(id) : first
      expect(
        state,
        rule(
          'OP-FAILED',
          `${id}, a payment of ${BEYOND_ANY_BALANCE} its sender cannot cover, ends with failed: true within twice ` +
            `${SETTLEMENT_TIMEOUT_MS / 1000} s (capabilities.unfundedPaymentsFail): ${detail}`,
        ),
      ).toBe('failed')
    },
  )

  // A completed incoming payment takes nothing more, ever (the spec shows no way out of completed=true): a
  // payment into it can only fail, and the spec says the service MUST then mark it failed, whatever the target.
  test(
    'of payments that each fill one incoming payment, those it cannot take are marked failed',
    covers('OP-FAILED'),
    async ({ discovery, paymentSteps: steps }) => {
      const { receiver: receiverWallet, unit } = discovery
      const { payment: incoming } = await steps.receiver({ incomingValue: unit })
      const whole = { receiveAmount: amountIn(receiverWallet, unit) }
      // All quoted while the incoming payment is open, then paid together, so that more than one is likely
      // created before the first settles.
      const quotes = await Promise.all(
        Array.from({ length: PAYMENTS }, () => steps.quote(incoming.id, whole)),
      )
      const attempts = await Promise.all(quotes.map((quote) => steps.sendPayment(quote.id)))

      const created = attempts.filter((exchange) => exchange.response.status === 201)
      expect(
        created.length,
        rule(
          'OP-FAILED',
          'positive control: the first of the payments into an open incoming payment is created',
        ),
      ).toBeGreaterThan(0)
      for (const refused of attempts.filter((exchange) => exchange.response.status !== 201)) {
        expectRefusal(refused, {
          rule: 'OP-FAILED',
          what: 'another payment of the whole incomingAmount (refused for the receiver, or created and failed)',
          statuses: REFUSED_RECEIVER,
        })
      }
      test.skip(
        created.length < 2,
        'the server refused every payment after the first at creation (allowed): no payment was left to fail here; ' +
          'the run-wide check of OP-FAILED still judges every undeliverable payment any test makes',
      )

      const outcomes = await Promise.all(
        created.map((exchange) => steps.outcome(bodyOf(exchange, 'outgoing-payment').id)),
      )
      const sent = outcomes.filter((outcome) => outcome.state === 'sent')
      const others = outcomes.filter((outcome) => outcome.state !== 'sent')
      const details = outcomes.map((outcome) => `${outcome.payment.id}: ${outcome.detail}`).join('; ')
      expect(
        sent.length,
        rule(
          'IP-REJECT-AFTER-COMPLETE',
          `one payment fills ${incoming.id}, and it takes no other: ${details}`,
        ),
      ).toBeLessThanOrEqual(1)
      test.skip(
        sent.length === 0,
        `no payment was delivered within ${SETTLEMENT_TIMEOUT_MS / 1000} s, so nothing completed the ` +
          `incoming payment (slow settlement is an OP-PROCESS matter): ${details}; set ${SETTINGS.settlement} to how long the target takes`,
      )
      await steps.untilCompleted(incoming.id, 'IP-COMPLETE-ON-RECEIPT#reaches-amount')
      // Created and never deliverable, each must end failed (decisions.md: whatever the target). One still
      // neither sent nor failed after the settlement wait may yet be marked failed, so it is given a second
      // settlement time; one still unmarked then, twice the time the target declares, its receiver completed, has
      // not been marked failed (as the run-wide oracle, undeliverable-payments.ts, says of any test's payments).
      const later = await Promise.all(
        others.map((outcome) =>
          outcome.state === 'pending' ? steps.outcome(outcome.payment.id) : Promise.resolve(outcome),
        ),
      )
      const laterDetails = later.map((outcome) => `${outcome.payment.id}: ${outcome.detail}`).join('; ')
      expect(
        later.map(({ state }) => state),
        rule(
          'OP-FAILED',
          `the payments ${incoming.id} could not take are marked failed within twice ${SETTLEMENT_TIMEOUT_MS / 1000} s ` +
            `(${SETTINGS.settlement}): ${laterDetails}`,
        ),
      ).toEqual(later.map(() => 'failed'))
    },
  )
})
