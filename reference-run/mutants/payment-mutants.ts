import { type Mutant, SRC, TESTS } from './mutant.ts'

/** Outgoing payments, settlement and grant limits. */
export const PAYMENT_MUTANTS: readonly Mutant[] = [
  {
    id: 'quote-reusable',
    description: 'a quote pays any number of outgoing payments',
    // The unique index on quote_id would turn the second payment into a 500: it goes too.
    edits: [
      {
        file: `${SRC}/outgoing-payments/pricing.ts`,
        find: '  if (used) return OutgoingPaymentError.QuoteUsed\n',
        replace: '',
      },
      {
        file: `${SRC}/db/migrations/0003-payments.ts`,
        find: "table.uuid('quote_id').unique().references('quotes.id')",
        replace: "table.uuid('quote_id').references('quotes.id')",
      },
    ],
    specs: [`${TESTS}/outgoing-payment-create.spec.ts`],
    rules: ['OP-QUOTE-ONCE'],
  },
  {
    id: 'quote-expiry-ignored',
    description: 'an expired quote still pays an outgoing payment',
    edits: [
      {
        file: `${SRC}/outgoing-payments/pricing.ts`,
        find: '  if (quote.expiresAt.getTime() <= now.getTime()) return OutgoingPaymentError.QuoteExpired\n',
        replace: '',
      },
    ],
    specs: [`${TESTS}/outgoing-payment-create.spec.ts`],
    rules: ['OP-QUOTE-EXPIRY'],
  },
  {
    id: 'payment-forms-mixed',
    description:
      'an outgoing payment with quoteId beside incomingPayment and debitAmount is paid from the quote',
    edits: [
      {
        // The schema's oneOf is what allows one form only: its quoteId branch stops refusing other members.
        file: `${SRC}/openapi/request-validation.ts`,
        find: '  const ajv = createAjv()\n',
        replace:
          "  delete documents['resource-server'].paths['/outgoing-payments'].post.requestBody.content['application/json']\n" +
          '    .schema.oneOf[0].additionalProperties\n' +
          '  const ajv = createAjv()\n',
      },
    ],
    specs: [`${TESTS}/seed-rules.spec.ts`],
    rules: ['OP-ONE-FORM'],
  },
  {
    id: 'receiver-not-credited',
    description: "settlement debits the sender but never adds to the incoming payment's receivedAmount",
    edits: [
      {
        file: `${SRC}/payment-engine/settle.ts`,
        find: '    await addReceivedAmounts(trx, batch.received)\n',
        replace: '',
      },
    ],
    specs: [`${TESTS}/outgoing-payment-settle-read.spec.ts`],
    rules: ['OP-SETTLE#received-once'],
  },
  {
    id: 'sent-amount-stays-zero',
    description: 'a settled outgoing payment keeps sentAmount 0',
    edits: [
      {
        file: `${SRC}/payment-engine/settle.ts`,
        find: 'batch.completed.push({ id: payment.id, sentAmount: debitAmount.value })',
        replace: 'batch.completed.push({ id: payment.id, sentAmount: 0n })',
      },
    ],
    specs: [`${TESTS}/outgoing-payment-settle-read.spec.ts`],
    rules: ['OP-SETTLE#sent'],
  },
  {
    id: 'debit-limit-off-by-one',
    description: 'a payment that brings the debitAmount total to exactly the limit is refused',
    edits: [
      {
        file: `${SRC}/outgoing-payment-grants/limits.ts`,
        find: 'if (spent.debit + payment.debitAmount.value > debitAmount.value)',
        replace: 'if (spent.debit + payment.debitAmount.value >= debitAmount.value)',
      },
      // A payment within the caps commits without checkLimits: the debit cap moves with it.
      {
        file: `${SRC}/outgoing-payment-grants/limits.ts`,
        find: '    debit: limits.debitAmount?.value ?? UINT64_MAX,\n',
        replace:
          '    debit: limits.debitAmount === undefined ? UINT64_MAX : limits.debitAmount.value - 1n,\n',
      },
    ],
    specs: [`${TESTS}/grant-limits.spec.ts`],
    rules: ['LIM-AMOUNT'],
  },
  {
    id: 'receiver-limit-ignored',
    description: "the grant's receiver limit is not checked",
    edits: [
      {
        file: `${SRC}/outgoing-payment-grants/limits.ts`,
        find: '  if (limits.receiver !== undefined && limits.receiver !== payment.receiver) return LimitViolation.Receiver\n',
        replace: '',
      },
    ],
    specs: [`${TESTS}/grant-limits.spec.ts`],
    rules: ['LIM-RECEIVER'],
  },
  {
    id: 'interval-never-resets',
    description: "limits count every payment of the grant, not only the current interval's",
    edits: [
      {
        file: `${SRC}/outgoing-payments/reservation.ts`,
        find: '    window: spendingWindowKey(window),\n',
        replace: '    window: spendingWindowKey(undefined),\n',
      },
    ],
    specs: [`${TESTS}/grant-limits.spec.ts`],
    rules: ['LIM-INTERVAL'],
  },
  {
    id: 'spent-across-grants',
    description: "spent amounts (and the limits) count every grant's payments, not only this grant's",
    edits: [
      {
        file: `${SRC}/outgoing-payment-grants/repository.ts`,
        find: '.where({ grant_id: query.grantId, spending_window: query.window })',
        replace: '.where({ spending_window: query.window })',
      },
    ],
    specs: [`${TESTS}/grant-spent-amounts.spec.ts`],
    rules: ['GSA-GET'],
  },
]
