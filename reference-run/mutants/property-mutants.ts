import { type Mutant, SRC } from './mutant.ts'

/**
 * One bug per property of conformance/properties: each must turn its property red, and fast-check must shrink
 * the input to a small counterexample (the property prints it with the command that replays it).
 */

const PROPERTIES = 'conformance/properties'

export const PROPERTY_MUTANTS: readonly Mutant[] = [
  {
    id: 'property-quote-foreign-receive-amount',
    description: "a quote's receiveAmount in an asset the receiver does not hold is accepted as if it were",
    edits: [
      {
        file: `${SRC}/quotes/pricing.ts`,
        find: '    if (!sameAsset(receiveAmount, receiverAsset)) return PricingError.ReceiveAssetMismatch\n',
        replace: '',
      },
    ],
    specs: [`${PROPERTIES}/exactly-one-amount.spec.ts`],
    rules: ['QT-CROSS-ASSET'],
  },
  {
    id: 'property-malformed-json-server-error',
    description: 'a request body that is not UTF-8 JSON makes the server fail (500) instead of refusing it',
    edits: [
      {
        file: `${SRC}/http/body-parser.ts`,
        find: "    throw new HttpError(400, 'invalid_request', 'The request body is not valid UTF-8 JSON.')\n",
        replace: "    throw new Error('The request body is not valid UTF-8 JSON.')\n",
      },
    ],
    specs: [`${PROPERTIES}/malformed-input.spec.ts`],
    rules: ['ROB-INVALID-INPUT'],
  },
  {
    id: 'property-pagination-no-previous-page',
    description: 'a forward page after a cursor says hasPreviousPage false, as if it were the first',
    edits: [
      {
        file: `${SRC}/shared/pagination.ts`,
        find: "    hasPreviousPage: page.direction === 'forward' ? hasCursor : more,\n",
        replace: "    hasPreviousPage: page.direction === 'forward' ? false : more,\n",
      },
    ],
    specs: [`${PROPERTIES}/pagination.spec.ts`],
    rules: ['PAG-WALK#has-previous'],
  },
  {
    id: 'property-signature-digest-unchecked',
    description: "the Content-Digest is required but never compared with the body's bytes",
    edits: [
      {
        file: `${SRC}/http-signatures/verify-signature.ts`,
        find: '  const problem = contentDigestProblem(field, request.body ?? new Uint8Array())\n',
        replace:
          '  const problem = field ? undefined : contentDigestProblem(field, request.body ?? new Uint8Array())\n',
      },
    ],
    specs: [`${PROPERTIES}/signed-request-alteration.spec.ts`],
    rules: ['SIG-DIGEST'],
  },
  {
    id: 'property-complete-unknown-conflict',
    description:
      'completing an incoming payment the server never issued answers 409, as if it were completed',
    edits: [
      {
        // The service's own unknown-id branch is behind the route's lookup: the route is where it shows.
        file: `${SRC}/incoming-payments/routes.ts`,
        find: '  requireEntry(access, ownerOf(deps.urls, await found(deps, req.params.id)).walletAddressUrl)\n',
        replace:
          '  const owned = await found(deps, req.params.id).catch(() => {\n' +
          '    throw toHttpError(IncomingPaymentError.AlreadyCompleted)\n' +
          '  })\n' +
          '  requireEntry(access, ownerOf(deps.urls, owned).walletAddressUrl)\n',
      },
    ],
    specs: [`${PROPERTIES}/incoming-payment-lifecycle.spec.ts`],
    rules: ['IP-COMPLETE#unknown-404'],
  },
  {
    id: 'property-receive-limit-per-payment',
    description:
      'a receiveAmount limit is checked against each payment alone, not the total spent under the grant',
    edits: [
      {
        file: `${SRC}/outgoing-payment-grants/limits.ts`,
        find: 'if (spent.receive + payment.receiveAmount.value > receiveAmount.value)',
        replace: 'if (payment.receiveAmount.value > receiveAmount.value)',
      },
      // A payment within the caps commits without checkLimits: the receive total loses its cap with it.
      {
        file: `${SRC}/outgoing-payment-grants/limits.ts`,
        find: '    receive: limits.receiveAmount?.value ?? UINT64_MAX,\n',
        replace: '    receive: UINT64_MAX,\n',
      },
    ],
    specs: [`${PROPERTIES}/grant-limits-model.spec.ts`],
    rules: ['LIM-AMOUNT'],
  },
  {
    id: 'property-failed-payment-still-reserved',
    description: "a failed outgoing payment keeps counting against its grant's limit",
    edits: [
      {
        file: `${SRC}/outgoing-payment-grants/repository.ts`,
        find: "db.raw('total - ?::numeric', [amount.toString()])",
        replace: "db.raw('total - 0 * ?::numeric', [amount.toString()])",
      },
    ],
    specs: [`${PROPERTIES}/grant-limits-model.spec.ts`],
    rules: ['LIM-AMOUNT', 'GSA-GET'],
    anyRule: true,
  },
  {
    id: 'property-limit-interval-ignored',
    description: "a grant's limit counts payments of every interval, not only the current one",
    edits: [
      {
        file: `${SRC}/outgoing-payment-grants/spending-window-key.ts`,
        find: "return window === undefined ? '' : window.start.toISOString()",
        replace: "return ''",
      },
      {
        file: `${SRC}/outgoing-payment-grants/repository.ts`,
        find: "  if (window !== undefined) query.where('created_at', '>=', window.start).where('created_at', '<', window.end)\n",
        replace: '',
      },
    ],
    specs: [`${PROPERTIES}/grant-limits-model.spec.ts`],
    rules: ['LIM-AMOUNT', 'GSA-GET'],
    anyRule: true,
  },
  {
    id: 'property-payment-debit-through-number',
    description: "a form-2 payment's debitAmount is read through a JS number, losing digits above 2^53",
    edits: [
      {
        file: `${SRC}/outgoing-payments/routes.ts`,
        find: "    debitAmount: readAmount(body, 'debitAmount')!,\n",
        replace:
          "    debitAmount: ((a) => ({ ...a, value: BigInt(Number(a.value)) }))(readAmount(body, 'debitAmount')!),\n",
      },
    ],
    specs: [`${PROPERTIES}/payment-amount-round-trip.spec.ts`],
    rules: ['AMT-UINT64'],
  },
  {
    id: 'property-grant-limit-through-number',
    description: "a grant's access is stored with its amount values passed through a JS number",
    edits: [
      {
        file: `${SRC}/grants/repository.ts`,
        find: '      access: JSON.stringify(grant.access) as unknown as AccessEntry[],\n',
        replace:
          '      access: JSON.stringify(grant.access, (key, value) =>\n' +
          "        key === 'value' && typeof value === 'string' ? String(Number(value)) : value,\n" +
          '      ) as unknown as AccessEntry[],\n',
      },
    ],
    specs: [`${PROPERTIES}/grant-limit-round-trip.spec.ts`],
    rules: ['AMT-UINT64'],
  },
  {
    id: 'property-backward-page-unordered',
    description:
      'a backward page is returned oldest first, so its startCursor is the item next to the cursor',
    edits: [
      {
        file: `${SRC}/shared/pagination.ts`,
        find: "  if (page.direction === 'backward') rows.reverse()\n",
        replace: '',
      },
    ],
    specs: [`${PROPERTIES}/pagination.spec.ts`],
    rules: ['PAG-WALK#every-once'],
  },
  {
    id: 'property-backward-page-next-from-look-ahead',
    description:
      "every page's hasNextPage is its look-ahead row, so a backward page that reaches the newest item says nothing follows its cursor",
    edits: [
      {
        file: `${SRC}/shared/pagination.ts`,
        find: "    hasNextPage: page.direction === 'forward' ? more : true,\n",
        replace: '    hasNextPage: more,\n',
      },
    ],
    specs: [`${PROPERTIES}/pagination.spec.ts`],
    rules: ['PAG-WALK#has-next'],
  },
  {
    id: 'property-completion-beyond-only',
    description: 'an incoming payment completes only once it has received more than its incomingAmount',
    edits: [
      {
        file: `${SRC}/incoming-payments/repository.ts`,
        find: 'ip.received_amount + v.amount >= ip.incoming_amount',
        replace: 'ip.received_amount + v.amount > ip.incoming_amount',
      },
    ],
    specs: [`${PROPERTIES}/incoming-payment-lifecycle.spec.ts`],
    rules: ['IP-COMPLETE-ON-RECEIPT#reaches-amount'],
  },
  {
    id: 'property-completed-receiver-payable',
    description: 'a completed incoming payment still takes quotes and payments, and they settle',
    edits: [
      {
        file: `${SRC}/incoming-payments/model.ts`,
        find: '  return !payment.completed && !isExpired(payment, now)\n',
        replace: '  return !isExpired(payment, now)\n',
      },
      {
        file: `${SRC}/payment-engine/settle.ts`,
        find: "  if (receiver.completed) return 'receiver completed'\n",
        replace: '',
      },
    ],
    specs: [`${PROPERTIES}/incoming-payment-lifecycle.spec.ts`],
    rules: ['IP-REJECT-AFTER-COMPLETE'],
  },
  {
    id: 'property-expired-receiver-payable',
    description: 'an incoming payment past its expiresAt still takes quotes and payments, and they settle',
    edits: [
      {
        file: `${SRC}/incoming-payments/model.ts`,
        find: '  return !payment.completed && !isExpired(payment, now)\n',
        replace: '  return !payment.completed\n',
      },
      {
        file: `${SRC}/payment-engine/settle.ts`,
        find: "  if (isExpired(receiver, now)) return 'receiver expired'\n",
        replace: '',
      },
      {
        // Else its quotes expire with it, and the payment is refused for the quote's sake.
        file: `${SRC}/quotes/service.ts`,
        find: 'expiresAt: new Date(Math.min(lifetimeEnd, receiver.expiresAt?.getTime() ?? lifetimeEnd)),',
        replace: 'expiresAt: new Date(lifetimeEnd),',
      },
    ],
    specs: [`${PROPERTIES}/incoming-payment-lifecycle.spec.ts`],
    rules: ['IP-REJECT-AFTER-EXPIRY'],
  },
]
