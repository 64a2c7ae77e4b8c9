import { SRC, TESTS } from '../mutants/mutant.ts'
import type { Variant } from './variant.ts'

const PAGINATION = `${SRC}/shared/pagination.ts`

/** Allowed variants of resources and lists: what a server may show, hide or order its own way. */
export const RESOURCE_VARIANTS: readonly Variant[] = [
  {
    id: 'lists-by-random-id',
    description: 'lists are ordered by id (random UUIDs): stable, but not chronological',
    allowedBy: 'ordering of list results: not shown',
    edits: [
      {
        file: PAGINATION,
        find: ".where('id', page.cursor).select('created_at', 'id')",
        replace: ".where('id', page.cursor).select('id')",
      },
      {
        file: PAGINATION,
        find: "query.whereRaw(`(created_at, id) ${order === 'desc' ? '<' : '>'} ?`, [position])",
        replace: "query.whereRaw(`id ${order === 'desc' ? '<' : '>'} ?`, [position])",
      },
      { file: PAGINATION, find: "      { column: 'created_at', order },\n", replace: '' },
    ],
    specs: [`${TESTS}/pagination.spec.ts`, `${TESTS}/incoming-payment-read-complete.spec.ts`],
    about: ['PAG-WALK', 'PAG-RANGE'],
    expected: { verdict: 'CONFORMANT', warns: [] },
  },
  {
    id: 'expired-unpaid-deleted',
    description:
      'an expired incoming payment that received nothing is gone: 404 on get and complete, and to a quote or a payment that targets it; absent from lists',
    allowedBy: 'the spec only says an expired incoming payment takes no further payment (Rafiki deletes it)',
    edits: [
      // A quote or a payment made to it answers 404, as to an incoming payment the server never had; a quote
      // made before it expired still finds it, and paying that quote is refused as to an expired receiver (400).
      {
        file: `${SRC}/quotes/service.ts`,
        find: '  if (receiver === undefined) return QuoteError.UnknownReceiver\n',
        replace:
          '  if (receiver === undefined || (isExpired(receiver, now) && receiver.receivedAmount === 0n)) {\n' +
          '    return QuoteError.UnknownReceiver\n  }\n',
      },
      {
        file: `${SRC}/quotes/errors.ts`,
        find: "      return new HttpError(\n        400,\n        'invalid_request',\n        'The receiver is not",
        replace:
          "      return new HttpError(\n        404,\n        'invalid_request',\n        'The receiver is not",
      },
      {
        file: `${SRC}/outgoing-payments/pricing.ts`,
        find: '  if (receiver === undefined) return OutgoingPaymentError.UnknownReceiver\n',
        replace:
          '  if (receiver === undefined || (isExpired(receiver, now) && receiver.receivedAmount === 0n)) {\n' +
          '    return OutgoingPaymentError.UnknownReceiver\n  }\n',
      },
      {
        file: `${SRC}/outgoing-payments/errors.ts`,
        find: "      return invalid('The receiver is not an incoming payment of this server.', 'incomingPayment')\n",
        replace:
          "      return new HttpError(404, 'invalid_request', 'There is no such incoming payment.', { field: 'incomingPayment' })\n",
      },
      {
        file: `${SRC}/incoming-payments/service.ts`,
        find: '  return (await findIncomingPayment(deps.db, id)) ?? IncomingPaymentError.UnknownIncomingPayment\n',
        replace:
          '  const payment = await findIncomingPayment(deps.db, id)\n' +
          '  if (payment === undefined || (isExpired(payment, new Date()) && payment.receivedAmount === 0n)) {\n' +
          '    return IncomingPaymentError.UnknownIncomingPayment\n  }\n  return payment\n',
      },
      {
        file: PAGINATION,
        find: '  const query = db(table).where(scope)\n',
        replace:
          '  const query = db(table).where(scope)\n' +
          "  if (table === 'incoming_payments') query.whereRaw('not (expires_at is not null and expires_at < now() and received_amount = 0)')\n",
      },
    ],
    specs: [
      `${TESTS}/incoming-payment-read-complete.spec.ts`,
      `${TESTS}/payment-lifecycle.spec.ts`,
      `${TESTS}/pagination.spec.ts`,
    ],
    about: ['IP-GET', 'IP-LIST', 'IP-COMPLETE', 'IP-REJECT-AFTER-EXPIRY'],
    expected: { verdict: 'CONFORMANT', warns: [] },
  },
  {
    id: 'other-wallet-address-not-found',
    description: 'a resource of a wallet address the token does not cover answers 404, not 403',
    allowedBy: 'the spec lists 403 for every operation but does not say when; hiding existence is a choice',
    edits: [
      {
        file: `${SRC}/authorization/resource-access.ts`,
        find: '  const entry = requireEntry(access, resource.walletAddressUrl)\n',
        replace:
          '  const entry = entryFor(access, resource.walletAddressUrl)\n  if (entry === undefined) throw notFound()\n',
      },
    ],
    specs: [`${TESTS}/permissions.spec.ts`, `${TESTS}/authorization.spec.ts`],
    about: ['AUTH-PERMISSION'],
    expected: { verdict: 'CONFORMANT', warns: [] },
  },
  {
    id: 'bad-signature-without-www-authenticate',
    description:
      'a 401 for a signature that does not verify, with a valid token, carries no WWW-Authenticate',
    allowedBy: 'WWW-Authenticate is required on the Authorization-required answer only',
    edits: [
      {
        file: `${SRC}/authorization/resource-guard.ts`,
        find: '      if (!verified.ok) throw unauthorized(res, deps.urls, verified.reason, { check: verified.check })\n',
        replace:
          "      if (!verified.ok) throw new HttpError(401, 'unauthorized', verified.reason, { check: verified.check })\n",
      },
    ],
    specs: [`${TESTS}/signatures.spec.ts`, `${TESTS}/authentication.spec.ts`],
    about: ['AUTH-WWW-AUTHENTICATE', 'SIG-VERIFY'],
    expected: { verdict: 'CONFORMANT', warns: [] },
  },
]
