import { type Mutant, SRC, TESTS } from './mutant.ts'

const ROUTES = `${SRC}/incoming-payments/routes.ts`
const LIST_ITEM = 'toBody: (payment) => toOpenPaymentsIncomingPayment(payment, deps.urls),'
const GET_QUERY = 'const FIND_INCOMING_PAYMENT = `select ip.*, w.name as wallet_address_name'

/** Incoming payments as they are read back: get (its methods too), list, their metadata, the list's query. */
export const INCOMING_PAYMENT_VIEW_MUTANTS: readonly Mutant[] = [
  {
    id: 'get-row-shadowed-by-join',
    description:
      "the get's hand-written join selects the wallet address's columns after the payment's: its id and created_at shadow the payment's",
    edits: [
      {
        file: `${SRC}/incoming-payments/repository.ts`,
        find: GET_QUERY,
        replace: 'const FIND_INCOMING_PAYMENT = `select ip.*, w.*, w.name as wallet_address_name',
      },
    ],
    specs: [`${TESTS}/incoming-payment-read-complete.spec.ts`],
    rules: ['IP-GET#found'],
  },
  {
    id: 'get-unknown-forbidden',
    description:
      'a get of an id the server never issued answers 403: the token is checked against an owner the id does not have',
    edits: [
      {
        file: ROUTES,
        find: "import { IncomingPaymentError, isIncomingPaymentError, toHttpError } from './errors.ts'\n",
        replace:
          "import { HttpError } from '../http/errors.ts'\n" +
          "import { IncomingPaymentError, isIncomingPaymentError, toHttpError } from './errors.ts'\n",
      },
      {
        file: ROUTES,
        find: '  const payment = await found(deps, req.params.id)\n  const access = optionalAccess(res)\n',
        replace:
          '  const access = optionalAccess(res)\n' +
          '  const payment = await found(deps, req.params.id).catch((error: unknown) => {\n' +
          "    if (access !== undefined) throw new HttpError(403, 'forbidden', 'The token does not cover this payment.')\n" +
          '    throw error\n' +
          '  })\n',
      },
    ],
    specs: [`${TESTS}/incoming-payment-read-complete.spec.ts`],
    rules: ['IP-GET#unknown-404'],
  },
  {
    id: 'get-without-methods',
    description: 'get hands out no payment methods: the payment details are given once, at create',
    edits: [
      {
        file: ROUTES,
        find: '  res.json(toIncomingPaymentWithMethods(payment, deps.urls, new Date()))\n',
        replace: '  res.json({ ...toOpenPaymentsIncomingPayment(payment, deps.urls), methods: [] })\n',
      },
    ],
    specs: [`${TESTS}/incoming-payment-read-complete.spec.ts`],
    rules: ['IP-METHODS'],
  },
  {
    id: 'list-items-wallet-address-id',
    description:
      'list items name their wallet address by its row id: the list, read without the join, fills the name from the wrong field',
    edits: [
      {
        file: `${SRC}/incoming-payments/repository.ts`,
        find: 'const joined = { wallet_address_name: name, asset_code: assetCode, asset_scale: assetScale }',
        replace:
          'const joined = { wallet_address_name: walletAddress.id, asset_code: assetCode, asset_scale: assetScale }',
      },
    ],
    specs: [`${TESTS}/incoming-payment-read-complete.spec.ts`],
    rules: ['IP-LIST'],
  },
  {
    id: 'metadata-strings-only',
    description:
      'metadata is kept as a map of strings, as payment processors keep it: other values are dropped',
    edits: [
      {
        file: ROUTES,
        find: '    metadata: readMetadata(body),\n',
        replace:
          '    metadata:\n' +
          '      readMetadata(body) &&\n' +
          "      Object.fromEntries(Object.entries(readMetadata(body) ?? {}).filter(([, v]) => typeof v === 'string')),\n",
      },
    ],
    specs: [`${TESTS}/incoming-payment-create.spec.ts`],
    rules: ['IP-METADATA#create'],
  },
  {
    id: 'get-query-without-metadata',
    description: "the get's hand-written column list leaves metadata out: get shows none",
    edits: [
      {
        file: `${SRC}/incoming-payments/repository.ts`,
        find: GET_QUERY,
        replace:
          'const FIND_INCOMING_PAYMENT = `select ip.id, ip.wallet_address_id, ip.client, ip.incoming_amount, ' +
          'ip.received_amount, ip.completed, ip.expires_at, ip.shared_secret, ip.created_at, w.name as wallet_address_name',
      },
    ],
    specs: [`${TESTS}/incoming-payment-metadata.spec.ts`],
    rules: ['IP-METADATA#get'],
  },
  {
    id: 'list-items-without-metadata',
    description: 'list items leave metadata out, as a summary of each payment',
    edits: [
      {
        file: ROUTES,
        find: LIST_ITEM,
        replace:
          'toBody: (payment) => toOpenPaymentsIncomingPayment({ ...payment, metadata: undefined }, deps.urls),',
      },
    ],
    specs: [`${TESTS}/incoming-payment-read-complete.spec.ts`],
    rules: ['IP-METADATA#list'],
  },
  {
    id: 'list-query-required-ignored',
    description:
      'the query schema built from the OpenAPI parameters leaves out their required flags: a list without wallet-address is not refused with 400',
    edits: [
      {
        file: `${SRC}/openapi/request-validation.ts`,
        find: '    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),\n',
        replace: '',
      },
    ],
    specs: [`${TESTS}/incoming-payment-read-complete.spec.ts`],
    rules: ['LIST-WALLET-ADDRESS'],
  },
]
