import { type Mutant, SRC, TESTS } from './mutant.ts'

const SETTLE_READ = `${TESTS}/outgoing-payment-settle-read.spec.ts`

/** Outgoing payments: what create makes of either form, what get and list show. */
export const OUTGOING_PAYMENT_MUTANTS: readonly Mutant[] = [
  {
    id: 'quote-payment-pays-remaining',
    description:
      "a payment from a quote delivers what its receiver still asks (incomingAmount less receivedAmount), not the quote's receiveAmount",
    edits: [
      {
        file: `${SRC}/outgoing-payments/pricing.ts`,
        find: '    receiveAmount: quote.receiveAmount,\n',
        replace: '    receiveAmount: remainingAmount(receiver) ?? quote.receiveAmount,\n',
      },
      {
        file: `${SRC}/outgoing-payments/pricing.ts`,
        find: "import { isExpired, isPayable } from '../incoming-payments/model.ts'\n",
        replace: "import { isExpired, isPayable, remainingAmount } from '../incoming-payments/model.ts'\n",
      },
    ],
    specs: [`${TESTS}/outgoing-payment-create.spec.ts`],
    rules: ['OP-CREATE-QUOTE'],
  },
  {
    id: 'direct-payment-reads-receive-amount',
    description:
      'a form-2 payment reads receiveAmount, a member it does not have, instead of its debitAmount, so it pays what the receiver asks',
    edits: [
      {
        file: `${SRC}/outgoing-payments/routes.ts`,
        find: "    debitAmount: readAmount(body, 'debitAmount')!,\n",
        replace: "    debitAmount: readAmount(body, 'receiveAmount')!,\n",
      },
    ],
    specs: [`${TESTS}/outgoing-payment-create.spec.ts`],
    rules: ['OP-CREATE-INCOMING'],
  },
  {
    id: 'payment-metadata-double-encoded',
    description:
      'outgoing payment metadata is stored JSON-encoded twice, so get and list show it as a string, create as the object given',
    edits: [
      {
        file: `${SRC}/outgoing-payments/repository.ts`,
        find: '    metadata: payment.metadata === undefined ? null : JSON.stringify(payment.metadata),\n',
        replace:
          '    metadata: payment.metadata === undefined ? null : JSON.stringify(JSON.stringify(payment.metadata)),\n',
      },
    ],
    specs: [SETTLE_READ],
    rules: ['OP-GET#found'],
  },
  {
    id: 'payment-list-ids-under-wallet-address',
    description:
      'listed outgoing payments are identified under their wallet address (…/alice/outgoing-payments/<id>), not by the URL create gave',
    edits: [
      {
        // The resource path of earlier Open Payments versions, kept in the list's item mapping.
        file: `${SRC}/outgoing-payments/routes.ts`,
        find: 'toBody: (payment) => toOpenPaymentsOutgoingPayment(payment, deps.urls),',
        replace:
          'toBody: (payment) => ({\n' +
          '        ...toOpenPaymentsOutgoingPayment(payment, deps.urls),\n' +
          '        id: `${deps.urls.resourceServer}/${payment.walletAddressName}/outgoing-payments/${payment.id}`,\n' +
          '      }),',
      },
    ],
    specs: [SETTLE_READ],
    rules: ['OP-GET#listed'],
  },
  {
    id: 'unknown-payment-unauthorized',
    description: 'get of an unknown outgoing payment answers 401, as Rafiki does, instead of 404',
    edits: [
      {
        file: `${SRC}/outgoing-payments/errors.ts`,
        find: "      return new HttpError(404, 'not_found', 'There is no outgoing payment with this id.')\n",
        replace:
          "      return new HttpError(401, 'unauthorized', 'There is no outgoing payment with this id.')\n",
      },
    ],
    specs: [SETTLE_READ],
    rules: ['OP-GET#unknown-404'],
  },
]
