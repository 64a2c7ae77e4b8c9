import { type Mutant, SRC, TESTS } from './mutant.ts'

/** The spec lines issue 16 gave a check that can fail: each mutant breaks one and must turn its rule red. */
export const SPEC_LINE_MUTANTS: readonly Mutant[] = [
  {
    id: 'payment-receiver-relative',
    description: "an outgoing payment names its receiver by path only, '/incoming-payments/<id>', not by URL",
    edits: [
      {
        file: `${SRC}/outgoing-payments/model.ts`,
        find: '    receiver: incomingPaymentUrl(urls.resourceServer, payment.incomingPaymentId),\n',
        replace: "    receiver: incomingPaymentUrl('', payment.incomingPaymentId),\n",
      },
    ],
    specs: [`${TESTS}/outgoing-payment-fields.spec.ts`],
    rules: ['OP-RECEIVER'],
  },
  {
    id: 'payment-list-created-at',
    description: 'listed outgoing payments carry the time of the listing as createdAt',
    edits: [
      {
        file: `${SRC}/outgoing-payments/routes.ts`,
        find: 'toBody: (payment) => toOpenPaymentsOutgoingPayment(payment, deps.urls),',
        replace:
          'toBody: (payment) => toOpenPaymentsOutgoingPayment({ ...payment, createdAt: new Date() }, deps.urls),',
      },
    ],
    specs: [`${TESTS}/outgoing-payment-fields.spec.ts`],
    rules: ['OP-LIST-FIELDS'],
  },
  {
    id: 'quote-method-uppercase',
    description: 'quotes say method "ILP"',
    edits: [
      {
        file: `${SRC}/quotes/model.ts`,
        find: '    method: quote.method,\n',
        replace: "    method: quote.method.toUpperCase() as 'ilp',\n",
      },
    ],
    specs: [`${TESTS}/outgoing-payment-fields.spec.ts`],
    rules: ['QT-METHOD'],
  },
  {
    id: 'debit-scale-ignored',
    description: "a debitAmount in the sender's asset code but another scale is taken as the sender's",
    edits: [
      {
        file: `${SRC}/quotes/pricing.ts`,
        find: '    if (!sameAsset(input.debitAmount, input.sender)) return PricingError.DebitAssetMismatch\n',
        replace:
          '    if (input.debitAmount.assetCode !== input.sender.assetCode) return PricingError.DebitAssetMismatch\n',
      },
    ],
    specs: [`${TESTS}/outgoing-payment-debit-asset.spec.ts`],
    rules: ['OP-DEBIT-ASSET'],
  },
  {
    id: 'payment-details-shared',
    description: 'every incoming payment gets the same ilpAddress and sharedSecret',
    edits: [
      {
        file: `${SRC}/incoming-payments/service.ts`,
        find: "    sharedSecret: randomBytes(32).toString('base64url'),\n",
        replace: "    sharedSecret: 'c2hhcmVkLXNlY3JldA',\n",
      },
      {
        file: `${SRC}/incoming-payments/model.ts`,
        find: "  return `test.reference.${id.replaceAll('-', '')}`\n",
        replace: "  return 'test.reference.shared'\n",
      },
    ],
    specs: [`${TESTS}/incoming-payment-fresh-details.spec.ts`],
    rules: ['IP-FRESH-DETAILS'],
  },
  {
    id: 'manage-url-carries-token',
    description: 'the manage URL of an access token carries the token value in its query',
    edits: [
      {
        file: `${SRC}/access-tokens/model.ts`,
        find: 'manage: manageUrl(urls, token.id),',
        replace: 'manage: `${manageUrl(urls, token.id)}?token=${token.value}`,',
      },
    ],
    specs: [`${TESTS}/gnap-grants.spec.ts`],
    rules: ['TOKEN-MANAGE'],
  },
  {
    id: 'subject-without-format',
    description: 'the subject identifiers of a continuation response leave out their format',
    edits: [
      {
        file: `${SRC}/grants/routes.ts`,
        find: '{ subject: { sub_ids: continued.subject } }',
        replace: '{ subject: { sub_ids: continued.subject.map(({ id }) => ({ id })) } }',
      },
    ],
    specs: [`${TESTS}/grant-subject.spec.ts`],
    rules: ['CONT-SUBJECT'],
  },
  {
    id: 'failed-payment-not-marked',
    description: 'a payment the engine cannot make is recorded as completed with nothing sent, never failed',
    edits: [
      {
        file: `${SRC}/payment-engine/settle.ts`,
        find: '    batch.failed.push(payment.id)\n',
        replace: '    batch.completed.push({ id: payment.id, sentAmount: 0n })\n',
      },
    ],
    specs: [`${TESTS}/outgoing-payment-failed.spec.ts`],
    rules: ['OP-FAILED#refused-or-failed'],
  },
]
