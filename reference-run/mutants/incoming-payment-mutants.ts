import { type Mutant, SRC, TESTS } from './mutant.ts'

/** Incoming payments: create, methods, completion, expiry. */
export const INCOMING_PAYMENT_MUTANTS: readonly Mutant[] = [
  {
    id: 'complete-not-stored',
    description: 'completing an incoming payment answers completed: true but never stores it',
    edits: [
      {
        file: `${SRC}/incoming-payments/service.ts`,
        find: '    await markIncomingPaymentCompleted(trx, id)\n',
        replace: '',
      },
    ],
    // The read after the complete shows it still open. (The lifecycle property meets it too, through a read or a
    // payment the "completed" payment still takes, but names IP-GET or IP-REJECT-AFTER-COMPLETE there.)
    specs: [`${TESTS}/incoming-payment-read-complete.spec.ts`],
    rules: ['IP-COMPLETE#completes'],
  },
  {
    id: 'methods-empty',
    description: 'incoming payments list no payment methods, even while they can be paid',
    edits: [
      {
        file: `${SRC}/incoming-payments/model.ts`,
        find: "    ? [{ type: 'ilp', ilpAddress: ilpAddress(payment.id), sharedSecret: payment.sharedSecret }]\n",
        replace: '    ? []\n',
      },
    ],
    specs: [`${TESTS}/incoming-payment-create.spec.ts`],
    // The create check stops at the empty array: IP-METHODS (each method well formed) is not reached.
    rules: ['IP-CREATE#methods'],
  },
  {
    id: 'create-ignores-incoming-amount',
    description:
      'create stores and answers incomingAmount 2500 whatever the request asked (a server that ignores the body)',
    edits: [
      {
        file: `${SRC}/incoming-payments/routes.ts`,
        find: "    incomingAmount: readAmount(body, 'incomingAmount'),\n",
        replace:
          "    incomingAmount: readAmount(body, 'incomingAmount') && { ...readAmount(body, 'incomingAmount')!, value: '2500' },\n",
      },
    ],
    // No spec of IP-CREATE runs: the run-wide oracle sees the echo broken in the amounts tests' creates, and
    // charges IP-CREATE, not the amount rule those tests are about.
    specs: [`${TESTS}/amounts.spec.ts`],
    rules: ['IP-CREATE#echo-incoming-amount'],
  },
  {
    id: 'full-view-without-token',
    description:
      'a get of an incoming payment without Authorization answers the full payment, methods included',
    edits: [
      {
        file: `${SRC}/incoming-payments/routes.ts`,
        find: '    res.json(toPublicIncomingPayment(payment, deps.urls))\n',
        replace: '    res.json(toIncomingPaymentWithMethods(payment, deps.urls, new Date()))\n',
      },
    ],
    specs: [`${TESTS}/incoming-payment-read-complete.spec.ts`],
    // The spec leaves a public view open without a token, not the token holder's view given to anyone: the read
    // fails AUTH-REQUIRED there and stops, so the public view's own rule is not judged on it.
    rules: ['AUTH-REQUIRED'],
  },
  {
    id: 'create-incoming-500',
    description: 'a valid incoming payment creation is stored but answered with a 500',
    edits: [
      {
        file: `${SRC}/incoming-payments/routes.ts`,
        find: 'res.status(201).json(toIncomingPaymentWithMethods(',
        replace: 'res.status(500).json(toIncomingPaymentWithMethods(',
      },
    ],
    specs: [`${TESTS}/incoming-payment-create.spec.ts`],
    // A server error to a valid request fails the operation's rule as a whole (operation-rules.ts), no clause of it.
    rules: ['IP-CREATE'],
  },
  {
    id: 'create-answers-200',
    description: "a valid incoming payment creation is answered 200, express's default, not 201 Created",
    edits: [
      {
        file: `${SRC}/incoming-payments/routes.ts`,
        find: 'res.status(201).json(toIncomingPaymentWithMethods(',
        replace: 'res.json(toIncomingPaymentWithMethods(',
      },
    ],
    specs: [`${TESTS}/incoming-payment-create.spec.ts`],
    rules: ['IP-CREATE#created'],
  },
  {
    id: 'no-completion-on-receipt',
    description: 'an incoming payment that has received its incomingAmount stays not completed',
    edits: [
      {
        file: `${SRC}/incoming-payments/repository.ts`,
        find: ',\n      completed = ip.completed or (ip.incoming_amount is not null and ip.received_amount + v.amount >= ip.incoming_amount)',
        replace: '',
      },
    ],
    specs: [`${TESTS}/payment-lifecycle.spec.ts`],
    rules: ['IP-COMPLETE-ON-RECEIPT#reaches-amount'],
  },
  {
    id: 'expired-receiver-payable',
    description: 'an incoming payment past its expiresAt still takes quotes and payments',
    edits: [
      {
        file: `${SRC}/incoming-payments/model.ts`,
        find: '  return !payment.completed && !isExpired(payment, now)\n',
        replace: '  return !payment.completed\n',
      },
    ],
    specs: [`${TESTS}/payment-lifecycle.spec.ts`],
    rules: ['IP-REJECT-AFTER-EXPIRY'],
  },
  {
    id: 'completes-without-incoming-amount',
    description: 'an incoming payment without incomingAmount completes as soon as it receives anything',
    edits: [
      {
        file: `${SRC}/incoming-payments/repository.ts`,
        find: 'ip.completed or (ip.incoming_amount is not null and ip.received_amount + v.amount >= ip.incoming_amount)',
        replace:
          'ip.completed or ip.incoming_amount is null or ip.received_amount + v.amount >= ip.incoming_amount',
      },
    ],
    specs: [`${TESTS}/payment-lifecycle.spec.ts`],
    rules: ['IP-COMPLETE-ON-RECEIPT#open-without-amount'],
  },
  {
    id: 'walletaddress-shows-internal-id',
    description:
      "an incoming payment's walletAddress is built from the wallet address's row id, not its name",
    edits: [
      {
        file: `${SRC}/incoming-payments/model.ts`,
        find: 'walletAddress: walletAddressUrl(urls.resourceServer, payment.walletAddressName),',
        replace: 'walletAddress: walletAddressUrl(urls.resourceServer, payment.walletAddressId),',
      },
    ],
    specs: [`${TESTS}/incoming-payment-create.spec.ts`],
    rules: ['IP-CREATE#wallet-address'],
  },
  {
    id: 'expiry-lifted-to-minimum-lifetime',
    description:
      'a requested expiresAt sooner than a day ahead is moved out to a day: a minimum lifetime applied to a requested expiry, which a server may shorten but never lengthen',
    edits: [
      {
        file: `${SRC}/incoming-payments/service.ts`,
        find: '    expiresAt: input.expiresAt,\n',
        replace:
          '    expiresAt: input.expiresAt && new Date(Math.max(input.expiresAt.getTime(), now.getTime() + 86_400_000)),\n',
      },
    ],
    specs: [`${TESTS}/incoming-payment-create.spec.ts`],
    rules: ['IP-CREATE#echo-expires-at'],
  },
  {
    id: 'shared-secret-base64',
    description: 'the sharedSecret is encoded as base64 (with + / and = padding), not base64url',
    edits: [
      {
        file: `${SRC}/incoming-payments/service.ts`,
        find: "sharedSecret: randomBytes(32).toString('base64url'),",
        replace: "sharedSecret: randomBytes(32).toString('base64'),",
      },
    ],
    specs: [`${TESTS}/incoming-payment-create.spec.ts`],
    // The OpenAPI pattern of sharedSecret refuses it on every response first: IP-METHODS's own check is not reached.
    rules: ['GEN-SCHEMA'],
  },
  {
    id: 'incoming-amount-scale-unchecked',
    description:
      "an incomingAmount is checked against the wallet address's assetCode only, not its assetScale",
    edits: [
      {
        file: `${SRC}/incoming-payments/service.ts`,
        find: 'if (input.incomingAmount !== undefined && !sameAsset(input.incomingAmount, walletAddress)) {',
        replace:
          'if (input.incomingAmount !== undefined && input.incomingAmount.assetCode !== walletAddress.assetCode) {',
      },
    ],
    specs: [`${TESTS}/incoming-payment-create.spec.ts`],
    rules: ['IP-ASSET'],
  },
  {
    id: 'complete-after-expiry',
    description: 'complete marks an expired incoming payment completed, as if it had not expired',
    edits: [
      {
        file: `${SRC}/incoming-payments/service.ts`,
        find: '    if (isExpired(payment, new Date())) return IncomingPaymentError.AlreadyExpired\n',
        replace: '',
      },
    ],
    specs: [`${TESTS}/incoming-payment-read-complete.spec.ts`],
    rules: ['IP-COMPLETE#expired-refused'],
  },
  {
    id: 'complete-again-not-found',
    description:
      'completing a completed incoming payment answers 404, as if it did not exist: the service completes only open ones',
    edits: [
      {
        file: `${SRC}/incoming-payments/service.ts`,
        find: '    if (payment.completed) return IncomingPaymentError.AlreadyCompleted\n',
        replace: '    if (payment.completed) return IncomingPaymentError.UnknownIncomingPayment\n',
      },
    ],
    specs: [`${TESTS}/incoming-payment-read-complete.spec.ts`],
    rules: ['IP-COMPLETE#again-unchanged'],
  },
]
