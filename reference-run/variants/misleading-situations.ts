import { SRC, TESTS } from '../mutants/mutant.ts'
import { serverSetting, type Variant } from './variant.ts'

/** The reference run's token lifetime, as reference-plan.ts sets it (one `find` for the edits below). */
const TOKEN_LIFETIME = {
  file: 'reference-run/reference-plan.ts',
  find: 'const REFERENCE_TOKEN_LIFETIME_SECONDS = 60\n',
}

/**
 * Misleading situations: servers and runs the suite was not tuned to, each with the verdict it must give
 * (npm run variants -- ID). Where the allowed variants prove the suite fails no correct server, and the mutants
 * that it catches broken ones, these prove a verdict says only what was observed: the suite's own time limits are
 * never the server's fault, no answer can stall the run, and a MUST the target breaks quietly is still charged.
 */

const CONTINUE_ROUTE = {
  file: `${SRC}/grants/routes.ts`,
  find: 'continue: { ...toContinueBody(deps.urls, outcome.grant), wait: deps.waitSeconds },',
}

/** Rafiki's way with a payment it cannot deliver: completed, nothing sent, not failed. */
const UNDELIVERABLE_COMPLETED = {
  file: `${SRC}/payment-engine/settle.ts`,
  find: '    await markOutgoingPaymentsFailed(trx, batch.failed)\n',
  replace:
    '    await markOutgoingPaymentsCompleted(trx, batch.failed.map((id) => ({ id, sentAmount: 0n })))\n',
}

export const MISLEADING_SITUATIONS: readonly Variant[] = [
  {
    id: 'stateless-stub',
    server: 'stub',
    description:
      'a stub that answers every operation with its official OpenAPI example, keeps nothing and verifies no signature',
    allowedBy:
      'none: no grant ends in a token, so the foundations stop the tests that need one (in minutes); the checks ' +
      'that need no token fail it, and nothing that needs state or a signature check passes',
    edits: [],
    // The whole suite, as a user runs it: the foundation stage decides what runs.
    specs: [],
    about: [],
    expected: {
      verdict: 'NOT CONFORMANT',
      // Requests without a token, or with one the server never issued, are answered 201: the authentication
      // rows fail; AUTH-WWW-AUTHENTICATE is inconclusive, as its rows stopped first on AUTH-REQUIRED.
      fails: ['AUTH-REQUIRED', 'AUTH-TOKEN-INVALID', 'AUTH-WWW-AUTHENTICATE'],
      // Only what one answer shows by itself: its JSON, its schema, its error envelope.
      mayPass: ['GEN-JSON', 'GEN-SCHEMA', 'ERR-ENVELOPE'],
    },
  },
  {
    id: 'slowed-past-timeouts',
    // 10 s was not enough: the suite gives each answer up to 2 s more of a test's time and times its lifetimes on
    // the answers, and every test ended (a true CONFORMANT).
    description: 'every request for a resource answers 30 s late, so the tests run out of their time',
    allowedBy: 'no bound on response time is set by the spec or the target file: the suite ran out of time',
    edits: [
      {
        file: `${SRC}/app.ts`,
        find: '  app.use(requestLogger(deps.logger))\n',
        // The resources alone: the pre-flight refuses a target whose resource server does not answer within
        // 10 s, with a message naming it, before any test runs (a clear refusal, not this situation).
        replace:
          '  app.use(requestLogger(deps.logger))\n' +
          '  app.use((req, _res, next) =>\n' +
          '    /\\/(incoming-payments|quotes|outgoing-payments)/.test(req.path) ? setTimeout(next, 30_000) : next(),\n' +
          '  )\n',
      },
    ],
    specs: [`${TESTS}/incoming-payment-read-complete.spec.ts`],
    about: [],
    // A target 30 s late outlasts its own 25 s quotes: the outgoing-payment foundation is not reached for that
    // reason, which no setting of the suite can change; every other test runs out of the suite's time.
    expected: { verdict: 'INCOMPLETE', setting: ['--timeout', 'a target slower than its quotes live'] },
  },
  {
    id: 'continue-wait-absurd',
    description: 'grant responses ask the client to wait 1,000,000 s (11.6 days) before continuing',
    allowedBy:
      'continue.wait is the server’s number; the suite bounds what it honours (waits.continueSeconds)',
    edits: [
      {
        ...CONTINUE_ROUTE,
        replace: 'continue: { ...toContinueBody(deps.urls, outcome.grant), wait: 1_000_000 },',
      },
    ],
    // The grant tests run (the wait is a whole number, checked there); every continuation test is not tested.
    specs: [`${TESTS}/gnap-continuation.spec.ts`, `${TESTS}/gnap-grants.spec.ts`],
    about: ['CONT-WAIT'],
    expected: { verdict: 'INCOMPLETE', setting: 'waits.continueSeconds' },
  },
  {
    id: 'continue-wait-negative',
    description: 'grant responses ask the client to wait -71272394 s',
    allowedBy: 'none: continue.wait is a number of seconds to wait, so CONT-WAIT fails and the run goes on',
    // The server itself lets the client continue at once, so only the announced wait is wrong.
    edits: [
      serverSetting('GRANT_WAIT_SECONDS', '1', '0'),
      {
        ...CONTINUE_ROUTE,
        replace: 'continue: { ...toContinueBody(deps.urls, outcome.grant), wait: -71_272_394 },',
      },
    ],
    specs: [`${TESTS}/gnap-continuation.spec.ts`],
    about: [],
    expected: { verdict: 'NOT CONFORMANT', fails: ['CONT-WAIT'] },
  },
  {
    id: 'tokens-end-unannounced',
    description: 'access tokens carry no expires_in, and stop working 20 s after they were issued',
    allowedBy:
      'GNAP lets a server end a token before any time it announced; recovering (a new grant) is the client’s job',
    edits: [
      { ...TOKEN_LIFETIME, replace: 'const REFERENCE_TOKEN_LIFETIME_SECONDS = 20\n' },
      {
        file: `${SRC}/access-tokens/model.ts`,
        find: 'return { value: token.value, manage: manageUrl(urls, token.id), expires_in: token.expiresIn, access }',
        replace: 'return { value: token.value, manage: manageUrl(urls, token.id), access }',
      },
    ],
    // The tests that reuse the run's kept grants for longer than 20 s: the lists and creations a kept token ended
    // under were charged to IP-LIST and IP-CREATE before the suite renewed such grants. The lifecycle property
    // makes sure the run outlasts the tokens: on a quiet machine the others took under 20 s together, no token
    // ended, and nothing was shown.
    // The amounts, quotes and reads specs decide the rules malformed-input and the create spec declare, and the
    // reads and payment-lifecycle specs those the lifecycle property does: random draws may exercise none of a clause.
    specs: [
      `${TESTS}/incoming-payment-create.spec.ts`,
      `${TESTS}/incoming-payment-read-complete.spec.ts`,
      `${TESTS}/pagination.spec.ts`,
      `${TESTS}/authorization.spec.ts`,
      `${TESTS}/amounts.spec.ts`,
      `${TESTS}/quotes.spec.ts`,
      `${TESTS}/payment-lifecycle.spec.ts`,
      'conformance/properties/pagination.spec.ts',
      'conformance/properties/malformed-input.spec.ts',
      'conformance/properties/incoming-payment-lifecycle.spec.ts',
    ],
    about: ['TOKEN-LIFETIME', 'IP-LIST', 'IP-CREATE'],
    expected: { verdict: 'CONFORMANT', warns: ['TOKEN-LIFETIME'] },
  },
  {
    id: 'no-subject',
    description: 'a continuation never gives subject information, even to a grant that asks for it',
    allowedBy:
      'the spec shows subject as a member that may appear: a server may withhold it, and CONT-SUBJECT is then not ' +
      "applicable (before, the continuation's 200, checked on the way, passed it)",
    edits: [
      {
        file: `${SRC}/grants/routes.ts`,
        find: '    ...(continued.subject === undefined ? {} : { subject: { sub_ids: continued.subject } }),\n',
        replace: '',
      },
    ],
    specs: [`${TESTS}/grant-subject.spec.ts`],
    about: ['CONT-SUBJECT'],
    expected: { verdict: 'CONFORMANT', warns: [] },
  },
  {
    id: 'concurrent-refused-undeliverable-left',
    description:
      'payments into one incoming payment are created one at a time, refusing any while another is unsettled or ' +
      'the receiver takes nothing more; a payment that cannot be delivered ends completed, nothing sent, not failed',
    allowedBy:
      'none: refusing concurrent payments at creation is allowed, but the service MUST mark a payment that fails as ' +
      'failed, and the payment its sender cannot cover shows it (before, the refusals recorded before the ' +
      'concurrent check skipped passed OP-FAILED)',
    edits: [
      {
        file: `${SRC}/outgoing-payments/service.ts`,
        find: "import type { RateTable } from '../quotes/rates.ts'\n",
        replace:
          "import type { RateTable } from '../quotes/rates.ts'\n" +
          "import { isPayable } from '../incoming-payments/model.ts'\n" +
          "import { findIncomingPayment } from '../incoming-payments/repository.ts'\n" +
          'const creations = new Map<string, Promise<void>>()\n',
      },
      {
        // One creation at a time per receiver, in this process: the refusal never races with another insert.
        file: `${SRC}/outgoing-payments/service.ts`,
        find:
          '  if (isOutgoingPaymentError(priced) || isPricingError(priced)) return priced\n' +
          '  try {\n' +
          '    return await reserve(db, order, sender, priced, now)\n' +
          '  } catch (error) {\n' +
          '    if (isQuoteUseConflict(error)) return OutgoingPaymentError.QuoteUsed\n' +
          '    throw error\n' +
          '  }\n',
        replace:
          '  if (isOutgoingPaymentError(priced) || isPricingError(priced)) return priced\n' +
          '  const before = creations.get(priced.incomingPaymentId) ?? Promise.resolve()\n' +
          '  let release = () => {}\n' +
          '  const mine = new Promise<void>((resolve) => { release = resolve })\n' +
          '  creations.set(priced.incomingPaymentId, before.then(() => mine))\n' +
          '  await before\n' +
          '  try {\n' +
          "    const unsettled = await db('outgoing_payments').where({ incoming_payment_id: priced.incomingPaymentId, state: 'sending' }).first()\n" +
          '    const receiver = await findIncomingPayment(db, priced.incomingPaymentId)\n' +
          '    if (unsettled || !receiver || !isPayable(receiver, new Date())) return OutgoingPaymentError.InvalidReceiver\n' +
          '    return await reserve(db, order, sender, priced, now)\n' +
          '  } catch (error) {\n' +
          '    if (isQuoteUseConflict(error)) return OutgoingPaymentError.QuoteUsed\n' +
          '    throw error\n' +
          '  } finally {\n' +
          '    release()\n' +
          '  }\n',
      },
      UNDELIVERABLE_COMPLETED,
    ],
    // The concurrent payments' check skips (every payment after the first refused); the payment its sender cannot
    // cover, where the target fails unfunded payments (the reference run's file says so), is created and left.
    specs: [`${TESTS}/outgoing-payment-failed.spec.ts`],
    about: [],
    expected: { verdict: 'NOT CONFORMANT', fails: ['OP-FAILED'] },
  },
  {
    id: 'undeliverable-left-pending',
    description:
      'a payment that cannot be delivered ends as Rafiki leaves it: completed, nothing sent, not failed',
    allowedBy: 'none: the spec says the service MUST mark such a payment failed',
    edits: [UNDELIVERABLE_COMPLETED],
    specs: [`${TESTS}/outgoing-payment-failed.spec.ts`],
    about: [],
    expected: { verdict: 'NOT CONFORMANT', fails: ['OP-FAILED'] },
  },
]
