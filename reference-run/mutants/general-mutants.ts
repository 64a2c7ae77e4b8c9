import { type Mutant, SRC, TESTS } from './mutant.ts'

/** The rules every answer is held to: JSON bodies, the members the spec requires, the error envelope. */
export const GENERAL_MUTANTS: readonly Mutant[] = [
  {
    id: 'quote-sent-as-text',
    description:
      'a quote is read back with res.send(JSON.stringify(...)): the right bytes, labelled text/html',
    edits: [
      {
        file: `${SRC}/quotes/routes.ts`,
        find: '  res.json(toOpenPaymentsQuote(quote, urls))\n',
        replace: '  res.send(JSON.stringify(toOpenPaymentsQuote(quote, urls)))\n',
      },
    ],
    specs: [`${TESTS}/quotes.spec.ts`],
    rules: ['GEN-JSON'],
  },
  {
    id: 'received-amount-omitted-at-zero',
    description: 'an incoming payment shows receivedAmount only once something was received',
    edits: [
      {
        file: `${SRC}/incoming-payments/model.ts`,
        find: '    receivedAmount: toOpenPaymentsAmount(amountOf(payment.receivedAmount, payment.asset)),\n    ...(payment.expiresAt',
        replace:
          '    ...(payment.receivedAmount === 0n\n      ? {}\n      : { receivedAmount: toOpenPaymentsAmount(amountOf(payment.receivedAmount, payment.asset)) }),\n    ...(payment.expiresAt',
      },
    ],
    specs: [`${TESTS}/incoming-payment-create.spec.ts`],
    rules: ['GEN-SCHEMA'],
  },
  {
    id: 'forbidden-oauth-error',
    description:
      'a token without the right is refused with 403 and an OAuth-style body, {error: "insufficient_scope", error_description}',
    edits: [
      {
        file: `${SRC}/authorization/resource-guard.ts`,
        find: "        throw new HttpError(\n          403,\n          'forbidden',\n          `The access token does not grant ${action === undefined ? 'any action' : `\"${action}\"`} on ${type}.`,\n        )\n",
        replace:
          "        res.status(403).json({ error: 'insufficient_scope', error_description: `No ${action ?? 'action'} on ${type}.` })\n        return\n",
      },
    ],
    specs: [`${TESTS}/permissions.spec.ts`],
    rules: ['ERR-ENVELOPE'],
  },
]
