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
    id: 'debit-limit-ignored',
    description: "the grant's debitAmount limit is not checked: any payment under it is created",
    // No spec but the limits' own pays beyond a limit: the run-wide oracle (grant-limits.ts) charges the same
    // creation the test refuses to see, so either alone catches it.
    edits: [
      {
        file: `${SRC}/outgoing-payment-grants/limits.ts`,
        find: '    if (spent.debit + payment.debitAmount.value > debitAmount.value) return LimitViolation.DebitAmount\n',
        replace: '',
      },
      // A payment within the caps commits without checkLimits: the debit cap goes with the check.
      {
        file: `${SRC}/outgoing-payment-grants/limits.ts`,
        find: '    debit: limits.debitAmount?.value ?? UINT64_MAX,\n',
        replace: '    debit: UINT64_MAX,\n',
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
    rules: ['LIM-INTERVAL#fresh'],
  },
  {
    id: 'window-per-payment',
    description:
      "the spending window is named by the payment's own time, not its interval's start: each payment of an interval counts alone",
    edits: [
      {
        file: `${SRC}/outgoing-payments/reservation.ts`,
        find: '    window: spendingWindowKey(window),\n',
        replace: "    window: window === undefined ? '' : now.toISOString(),\n",
      },
    ],
    specs: [`${TESTS}/grant-limits.spec.ts`],
    rules: ['LIM-INTERVAL#per-interval'],
  },
  {
    id: 'spent-across-grants',
    description: "GET /outgoing-payment-grant counts every grant's payments, not only this grant's",
    edits: [
      {
        file: `${SRC}/outgoing-payment-grants/repository.ts`,
        find: '.where({ grant_id: query.grantId, spending_window: query.window })',
        replace: '.where({ spending_window: query.window })',
      },
    ],
    specs: [`${TESTS}/grant-spent-amounts.spec.ts`],
    rules: ['GSA-GET#totals'],
  },
  {
    id: 'spent-every-interval',
    description:
      "GET /outgoing-payment-grant adds up the grant's payments of every interval, not only the current one's",
    edits: [
      {
        file: `${SRC}/outgoing-payment-grants/repository.ts`,
        find: '.where({ grant_id: query.grantId, spending_window: query.window })',
        replace: '.where({ grant_id: query.grantId })',
      },
    ],
    specs: [`${TESTS}/grant-spent-amounts.spec.ts`],
    rules: ['GSA-GET#interval'],
  },
  {
    id: 'grant-spent-own-amounts',
    description:
      "a created payment's grantSpentDebitAmount and grantSpentReceiveAmount are its own amounts, not the grant's totals before it",
    edits: [
      {
        file: `${SRC}/outgoing-payments/reservation.ts`,
        find:
          '    grantSpentDebitAmount: amountOf(spent.debit, priced.debitAmount),\n' +
          '    grantSpentReceiveAmount: amountOf(spent.receive, priced.receiveAmount),\n',
        replace:
          '    grantSpentDebitAmount: priced.debitAmount,\n' +
          '    grantSpentReceiveAmount: priced.receiveAmount,\n',
      },
    ],
    specs: [`${TESTS}/grant-spent-amounts.spec.ts`],
    rules: ['GSA-CREATE#before-payment'],
  },
  {
    id: 'grant-spent-every-interval',
    description:
      "a created payment's grantSpent amounts add up the grant's payments of every interval before it, not only the current one's",
    edits: [
      {
        // The totals before the payment, read again over all the grant's windows: the interval is forgotten.
        file: `${SRC}/outgoing-payment-grants/repository.ts`,
        find: "  return { debit: after('debit') - debitAmount.value, receive: after('receive') - receiveAmount.value }\n",
        replace:
          "  const all = await db('outgoing_payment_grant_spent')\n" +
          '    .where({ grant_id: grantId })\n' +
          "    .groupBy('side')\n" +
          "    .select<{ side: string; total: string }[]>('side', db.raw('sum(total)::text as total'))\n" +
          "  const sum = (side: string) => BigInt(all.find((r) => r.side === side)?.total ?? '0')\n" +
          "  return { debit: sum('debit') - debitAmount.value, receive: sum('receive') - receiveAmount.value }\n",
      },
    ],
    specs: [`${TESTS}/grant-spent-amounts.spec.ts`],
    rules: ['GSA-CREATE#interval'],
  },
]
