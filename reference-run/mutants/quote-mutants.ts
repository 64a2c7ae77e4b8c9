import { type Mutant, SRC, TESTS } from './mutant.ts'

const PRICING = `${SRC}/quotes/pricing.ts`

/** Quotes: what create fixes and works out, what get returns, what is refused. */
export const QUOTE_MUTANTS: readonly Mutant[] = [
  {
    id: 'fixed-send-fee-on-top',
    description:
      'a fixed-send quote charges its fee on top of the debitAmount asked, as a fixed-receive one may',
    edits: [
      {
        file: PRICING,
        find: '    priced = { debitAmount: input.debitAmount, receiveAmount: amountOf(received, receiverAsset) }\n',
        replace:
          '    const fee = 5n\n' +
          '    priced = {\n' +
          '      debitAmount: amountOf(input.debitAmount.value + fee, input.sender),\n' +
          '      receiveAmount: amountOf(received, receiverAsset),\n' +
          '    }\n',
      },
    ],
    specs: [`${TESTS}/quotes.spec.ts`],
    rules: ['QT-CREATE#fixed-send'],
  },
  {
    id: 'fixed-receive-remaining-first',
    description:
      'a fixed-receive quote to a receiver with an incomingAmount receives what the receiver still asks, not the receiveAmount given',
    edits: [
      {
        // The fallback written the wrong way round: the receiver's remaining amount wins over the client's.
        file: PRICING,
        find: '    const receiveAmount = input.receiveAmount ?? remaining\n',
        replace: '    const receiveAmount = remaining ?? input.receiveAmount\n',
      },
    ],
    specs: [`${TESTS}/quotes.spec.ts`],
    rules: ['QT-CREATE#fixed-receive'],
  },
  {
    id: 'quote-never-infers',
    description:
      'a quote without amounts is refused (no amount) even when the receiver has an incomingAmount to infer from',
    edits: [
      {
        // "Exactly one of debitAmount and receiveAmount", read without the rule's exception.
        file: PRICING,
        find: '    const receiveAmount = input.receiveAmount ?? remaining\n',
        replace: '    const receiveAmount = input.receiveAmount\n',
      },
    ],
    specs: [`${TESTS}/quotes.spec.ts`],
    rules: ['QT-INFER'],
  },
  {
    id: 'quote-no-amount-one-unit',
    description: 'a quote without amounts to a receiver without incomingAmount receives 1 unit',
    edits: [
      {
        file: PRICING,
        find: 'const receiveAmount = input.receiveAmount ?? remaining\n',
        replace: 'const receiveAmount = input.receiveAmount ?? remaining ?? amountOf(1n, receiverAsset)\n',
      },
    ],
    specs: [`${TESTS}/quotes.spec.ts`],
    rules: ['QT-NO-AMOUNT'],
  },
  {
    id: 'quote-both-amounts',
    description: 'a quote with both debitAmount and receiveAmount is accepted (the debitAmount wins)',
    edits: [
      {
        // The fixed-send branch of the quote body's oneOf stops refusing a receiveAmount beside debitAmount.
        file: `${SRC}/openapi/request-validation.ts`,
        find: '  const ajv = createAjv()\n',
        replace:
          "  delete documents['resource-server'].paths['/quotes'].post.requestBody.content['application/json']\n" +
          '    .schema.oneOf[2].additionalProperties\n' +
          '  const ajv = createAjv()\n',
      },
    ],
    specs: [`${TESTS}/quotes.spec.ts`],
    rules: ['QT-ONE-AMOUNT'],
  },
  {
    id: 'quote-read-expires-at-created',
    description: "a quote read back shows its createdAt as expiresAt (a slip in the row's mapping)",
    edits: [
      {
        file: `${SRC}/quotes/repository.ts`,
        find: '    expiresAt: row.expires_at,\n',
        replace: '    expiresAt: row.created_at,\n',
      },
    ],
    specs: [`${TESTS}/quotes.spec.ts`],
    rules: ['QT-GET#found'],
  },
  {
    id: 'unknown-quote-forbidden',
    description: "get of an unknown quote answers 403, as for another client's quote, instead of 404",
    edits: [
      {
        file: `${SRC}/quotes/errors.ts`,
        find: "      return new HttpError(404, 'not_found', 'There is no quote with this id.')\n",
        replace: "      return new HttpError(403, 'forbidden', 'There is no quote with this id.')\n",
      },
    ],
    specs: [`${TESTS}/quotes.spec.ts`],
    rules: ['QT-GET#unknown-404'],
  },
  {
    id: 'quote-unknown-receiver-crash',
    description:
      'a quote to an incoming-payment URL of this server that was never issued makes the server fail (500)',
    edits: [
      {
        // The not-found branch is missing: the receiver read back is used as if it existed.
        file: `${SRC}/quotes/service.ts`,
        find: '  if (receiver === undefined) return QuoteError.UnknownReceiver\n',
        replace: '',
      },
    ],
    specs: [`${TESTS}/seed-rules.spec.ts`],
    rules: ['GEN-RECEIVER-EXISTS'],
  },
]
