import { SRC, TESTS } from '../mutants/mutant.ts'
import { ACCESS_VARIANTS } from './access-variants.ts'
import { MISLEADING_SITUATIONS } from './misleading-situations.ts'
import { QUOTE_VARIANTS } from './quote-variants.ts'
import { RESOURCE_VARIANTS } from './resource-variants.ts'
import { serverSetting, targetSettings, type Variant } from './variant.ts'

/**
 * Allowed variants: behaviours the spec allows that the reference server does not have, one at a time, each with
 * the verdict the suite must give it (npm run variants). The mirror of the mutant catalogue: a mutant must turn
 * its rules red, a variant must not. Every `find` occurs exactly once at HEAD (reference-run/test/).
 */

const SHORT_EXPIRY_REFUSED = {
  file: `${SRC}/incoming-payments/service.ts`,
  find: 'input.expiresAt.getTime() <= now.getTime()',
  replace: 'input.expiresAt.getTime() < now.getTime() + 60_000',
}
const LIFETIME_SPECS = [
  `${TESTS}/incoming-payment-read-complete.spec.ts`,
  `${TESTS}/payment-lifecycle.spec.ts`,
  'conformance/properties/incoming-payment-lifecycle.spec.ts',
]
const SETTLE_IN_BATCHES = {
  file: `${SRC}/outgoing-payments/repository.ts`,
  find: "    .where('op.state', 'sending')\n",
  replace:
    "    .where('op.state', 'sending')\n    .where('op.created_at', '<', db.raw(\"now() - interval '45 seconds'\"))\n",
}
const SETTLEMENT_SPECS = [`${TESTS}/outgoing-payment-settle-read.spec.ts`]
/** Every spec file that waits for payments to settle: a declared settlement time must hold in each of them. */
const EVERY_SETTLING_SPEC = [
  ...SETTLEMENT_SPECS,
  `${TESTS}/grant-limits.spec.ts`,
  `${TESTS}/grant-spent-amounts.spec.ts`,
  `${TESTS}/outgoing-payment-create.spec.ts`,
  `${TESTS}/outgoing-payment-failed.spec.ts`,
  `${TESTS}/outgoing-payment-fields.spec.ts`,
  `${TESTS}/payment-lifecycle.spec.ts`,
  'conformance/properties/grant-limits-model.spec.ts',
  'conformance/properties/incoming-payment-lifecycle.spec.ts',
  'conformance/properties/payment-amount-round-trip.spec.ts',
]
const LONG_TOKENS = {
  file: 'reference-run/reference-plan.ts',
  find: 'const REFERENCE_TOKEN_LIFETIME_SECONDS = 60\n',
  replace: 'const REFERENCE_TOKEN_LIFETIME_SECONDS = 300\n',
}

export const VARIANTS: readonly Variant[] = [
  {
    id: 'incoming-lifetime-minimum',
    description: 'an incoming payment must live at least 60 s: a nearer expiresAt is refused with 400',
    allowedBy: 'expiresAt is optional and its bounds are not shown; a minimum lifetime is the ASE’s business',
    edits: [SHORT_EXPIRY_REFUSED],
    specs: LIFETIME_SPECS,
    about: ['IP-CREATE#echo-expires-at', 'IP-REJECT-AFTER-EXPIRY'],
    // Undeclared, no check can make a payment expire soon enough: IP-REJECT-AFTER-EXPIRY is never exercised, and
    // the run says which setting would exercise it.
    expected: { verdict: 'INCOMPLETE', setting: 'incomingPayments.minimumLifetimeSeconds' },
  },
  {
    id: 'incoming-lifetime-minimum-declared',
    description: 'the 60 s minimum lifetime, declared in the target file: the expiry checks wait that long',
    allowedBy: 'as incoming-lifetime-minimum',
    edits: [SHORT_EXPIRY_REFUSED, targetSettings({ incomingPayments: { minimumLifetimeSeconds: 60 } })],
    specs: LIFETIME_SPECS,
    about: ['IP-CREATE#echo-expires-at', 'IP-REJECT-AFTER-EXPIRY'],
    expected: { verdict: 'CONFORMANT', warns: [] },
  },
  {
    id: 'complete-idempotent',
    description: 'completing a completed incoming payment answers 200 with it, unchanged',
    allowedBy: 'the spec shows no transition out of completed=true and no error for it',
    edits: [
      {
        file: `${SRC}/incoming-payments/service.ts`,
        find: 'if (payment.completed) return IncomingPaymentError.AlreadyCompleted',
        replace: 'if (payment.completed) return payment',
      },
    ],
    specs: [
      `${TESTS}/incoming-payment-read-complete.spec.ts`,
      'conformance/properties/incoming-payment-lifecycle.spec.ts',
    ],
    about: ['IP-COMPLETE#again-unchanged'],
    expected: { verdict: 'CONFORMANT', warns: ['IP-COMPLETE'] },
  },
  {
    id: 'settlement-in-batches',
    description: 'outgoing payments are settled in batches, 45 s after their creation',
    allowedBy: 'outgoing payments SHOULD be processed immediately: a SHOULD',
    edits: [SETTLE_IN_BATCHES],
    specs: SETTLEMENT_SPECS,
    about: ['OP-PROCESS', 'OP-SETTLE'],
    expected: { verdict: 'INCOMPLETE', setting: 'waits.settlementSeconds' },
  },
  {
    id: 'failure-marked-late',
    description:
      'a payment that cannot finish is marked failed only 45 s after its creation (sending until then)',
    allowedBy: 'the service MUST mark a payment that fails as failed; the spec sets no time for it',
    edits: [
      {
        file: `${SRC}/payment-engine/settle.ts`,
        find: '  if (reason !== undefined) {\n    batch.failed.push(payment.id)\n',
        replace:
          '  if (reason !== undefined) {\n' +
          "    if (now.getTime() - payment.createdAt.getTime() < 45_000) return { paymentId: payment.id, outcome: 'later' } as never\n" +
          '    batch.failed.push(payment.id)\n',
      },
      {
        // Left sending, and not counted as settled: the engine polls again later instead of at once.
        file: `${SRC}/payment-engine/settle.ts`,
        find: '    return settlements\n  })\n',
        replace:
          "    return settlements.filter((settlement) => (settlement.outcome as string) !== 'later')\n  })\n",
      },
    ],
    specs: [`${TESTS}/outgoing-payment-failed.spec.ts`],
    about: ['OP-FAILED'],
    // Marked failed within twice the settlement time the target declares: the suite waits that long for a payment
    // it knows cannot be delivered (docs/spec-decisions.md), so nothing is left unchecked.
    expected: { verdict: 'CONFORMANT', warns: [] },
  },
  {
    id: 'settlement-in-batches-declared',
    description:
      'settlement in batches 45 s after creation, with waits.settlementSeconds 90 in the target file',
    allowedBy: 'as settlement-in-batches',
    edits: [
      SETTLE_IN_BATCHES,
      targetSettings({ waits: { settlementSeconds: 90 } }),
      // A test's own grant must outlive its waits for settlement: an ASE that settles in batches gives tokens
      // longer than a batch (the reference run's 60 s tokens would expire under a 90 s wait).
      LONG_TOKENS,
    ],
    // The lifecycle property's few runs (each waits out batches) may draw no List: the reads decide IP-LIST.
    specs: [...EVERY_SETTLING_SPEC, `${TESTS}/incoming-payment-read-complete.spec.ts`],
    about: ['OP-PROCESS', 'OP-SETTLE', 'OP-FAILED'],
    // Every settling check holds but one: the spent amounts of a later interval need a payment that settles within
    // half an interval, and the suite waits out intervals of at most 60 s, shorter than two 45 s batches. Its skip
    // and the clause left over name the setting (a longer interval the server accepts), as they must.
    expected: { verdict: 'INCOMPLETE', setting: 'grants.minimumIntervalSeconds' },
  },
  {
    id: 'continue-wait-5s',
    description: 'grant responses ask the client to wait 5 s before continuing',
    allowedBy: 'continue.wait is the server’s number; the client waits it',
    edits: [serverSetting('GRANT_WAIT_SECONDS', '1', '5')],
    specs: [`${TESTS}/gnap-continuation.spec.ts`],
    about: ['CONT-WAIT'],
    expected: { verdict: 'CONFORMANT', warns: [] },
  },
  {
    id: 'no-continue-wait',
    description: 'grant responses give no continue.wait: the client may continue at once',
    allowedBy: 'continue.wait is optional (GNAP); without it nothing can be too fast',
    edits: [
      serverSetting('GRANT_WAIT_SECONDS', '1', '0'),
      {
        file: `${SRC}/grants/routes.ts`,
        find: 'continue: { ...toContinueBody(deps.urls, outcome.grant), wait: deps.waitSeconds },',
        replace: 'continue: toContinueBody(deps.urls, outcome.grant),',
      },
    ],
    specs: [`${TESTS}/gnap-continuation.spec.ts`, `${TESTS}/gnap-grants.spec.ts`],
    about: ['CONT-WAIT'],
    // CONT-WAIT is not applicable, which does not block.
    expected: { verdict: 'CONFORMANT', warns: [] },
  },
  {
    id: 'no-expires-in',
    description: 'access tokens carry no expires_in (they live 300 s on the server)',
    allowedBy: 'expires_in is optional (GNAP): a token without it promises no expiry',
    edits: [
      LONG_TOKENS,
      {
        file: `${SRC}/access-tokens/model.ts`,
        find: 'return { value: token.value, manage: manageUrl(urls, token.id), expires_in: token.expiresIn, access }',
        replace: 'return { value: token.value, manage: manageUrl(urls, token.id), access }',
      },
    ],
    specs: [`${TESTS}/token-expiry.spec.ts`, `${TESTS}/gnap-tokens.spec.ts`],
    about: ['TOKEN-EXPIRY', 'TOKEN-LIFETIME'],
    // TOKEN-EXPIRY is not applicable, which does not block.
    expected: { verdict: 'CONFORMANT', warns: [] },
  },
  {
    id: 'quotes-live-5min',
    description: 'quotes expire 5 min after creation',
    allowedBy: 'a quote’s expiresAt is the server’s choice',
    edits: [serverSetting('QUOTE_LIFETIME_SECONDS', '25', '300')],
    specs: [`${TESTS}/outgoing-payment-create.spec.ts`],
    about: ['OP-QUOTE-EXPIRY', 'QT-CREATE'],
    expected: { verdict: 'INCOMPLETE', setting: 'waits.expirySeconds' },
  },
  {
    id: 'tokens-live-600s',
    description: 'access tokens live 600 s, and the target file does not say they may be waited for',
    allowedBy: 'expires_in is the server’s number',
    edits: [
      {
        file: 'reference-run/reference-plan.ts',
        find: 'const REFERENCE_TOKEN_LIFETIME_SECONDS = 60\n',
        replace: 'const REFERENCE_TOKEN_LIFETIME_SECONDS = 600\n',
      },
      {
        file: 'reference-run/reference-plan.ts',
        find: '    capabilities: { tokenExpiryWaitable: true, unfundedPaymentsFail: true },\n',
        replace: '    capabilities: { unfundedPaymentsFail: true },\n',
      },
    ],
    // With the expiry check skipped, the token tests still show that nothing else minds long-lived tokens.
    specs: [`${TESTS}/token-expiry.spec.ts`, `${TESTS}/gnap-tokens.spec.ts`],
    about: ['TOKEN-EXPIRY', 'TOKEN-LIFETIME'],
    expected: { verdict: 'INCOMPLETE', setting: 'waits.expirySeconds' },
  },
  ...ACCESS_VARIANTS,
  ...RESOURCE_VARIANTS,
  ...QUOTE_VARIANTS,
  // Not allowed variants: situations the suite was not tuned to, run by the same runner with the verdict each must get.
  ...MISLEADING_SITUATIONS,
]
