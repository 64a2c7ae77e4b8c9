import { type Mutant, SRC, TESTS } from './mutant.ts'

/** Amounts, wallet address documents and lists: schema checks, ranges, paging. */
export const AMOUNT_LIST_MUTANTS: readonly Mutant[] = [
  {
    id: 'wallet-address-no-asset-scale',
    description: 'the wallet address document leaves out assetScale',
    edits: [
      {
        file: `${SRC}/wallet-addresses/model.ts`,
        find: '    assetScale: walletAddress.assetScale,\n',
        replace: '',
      },
    ],
    // A server fault, not the target file's: the pre-flight lets the run start and the verdict fails it.
    specs: [`${TESTS}/wallet-address.spec.ts`],
    rules: ['WA-DOC', 'OAS-STRICT'],
  },
  {
    id: 'asset-scale-unbounded',
    description: 'assetScale above 255 is accepted, and incoming payments compare only the assetCode',
    // The wallet address's asset check alone refuses scale 256: the bug shows only without it.
    edits: [
      {
        // The amount schema (one object wherever it is referenced) is what refuses 256.
        file: `${SRC}/openapi/request-validation.ts`,
        find: '  const ajv = createAjv()\n',
        replace:
          "  delete documents['resource-server'].paths['/incoming-payments'].post.requestBody.content['application/json']\n" +
          '    .schema.properties.incomingAmount.properties.assetScale.maximum\n' +
          '  const ajv = createAjv()\n',
      },
      {
        file: `${SRC}/incoming-payments/service.ts`,
        find: '!sameAsset(input.incomingAmount, walletAddress)',
        replace: 'input.incomingAmount.assetCode !== walletAddress.assetCode',
      },
    ],
    specs: [`${TESTS}/amounts.spec.ts`],
    rules: ['AMT-SCALE'],
  },
  {
    id: 'amount-through-number',
    description: 'amount values are parsed through a JS number, losing digits above 2^53',
    edits: [
      {
        file: `${SRC}/shared/uint64.ts`,
        find: 'const parsed = BigInt(value)',
        replace: 'const parsed = BigInt(Number(value))',
      },
    ],
    specs: ['conformance/properties/amount-round-trip.spec.ts'],
    rules: ['AMT-UINT64'],
  },
  {
    id: 'amount-value-lenient',
    description: "amount values are read as BigInt() reads them: '+1', '' and '0x10' are accepted",
    edits: [
      {
        file: `${SRC}/shared/uint64.ts`,
        find: '!/^\\d{1,20}$/.test(value)',
        replace: '!/^(\\+?\\d{1,20}|0x[\\da-f]{1,16}|)$/i.test(value)',
      },
    ],
    specs: [`${TESTS}/amounts.spec.ts`],
    rules: ['AMT-UINT64'],
  },
  {
    id: 'page-size-zero',
    description: 'first=0 and last=0 are accepted (an empty page) instead of refused',
    edits: [
      {
        // The OpenAPI parameters' minimum (1) is what refuses 0; the mutant lowers it before compiling.
        file: `${SRC}/openapi/request-validation.ts`,
        find: '  const ajv = createAjv()\n',
        replace:
          "  for (const p of documents['resource-server'].paths['/incoming-payments'].get.parameters)\n" +
          "    if (p.name === 'first' || p.name === 'last') p.schema.minimum = 0\n" +
          '  const ajv = createAjv()\n',
      },
    ],
    specs: [`${TESTS}/pagination.spec.ts`],
    rules: ['PAG-RANGE'],
  },
  {
    id: 'no-previous-page',
    description: 'hasPreviousPage is always false',
    edits: [
      {
        file: `${SRC}/shared/pagination.ts`,
        find: "hasPreviousPage: page.direction === 'forward' ? hasCursor : more,",
        replace: 'hasPreviousPage: false,',
      },
    ],
    specs: [`${TESTS}/pagination.spec.ts`],
    rules: ['PAG-WALK#has-previous'],
  },
  {
    id: 'first-page-has-previous',
    description: 'hasPreviousPage is true on the first page too, with nothing before it',
    edits: [
      {
        file: `${SRC}/shared/pagination.ts`,
        find: "hasPreviousPage: page.direction === 'forward' ? hasCursor : more,",
        replace: "hasPreviousPage: page.direction === 'forward' ? true : more,",
      },
    ],
    specs: [`${TESTS}/pagination.spec.ts`],
    rules: ['PAG-WALK#has-previous'],
  },
  {
    id: 'cursor-item-repeated',
    description:
      "a page read from a cursor starts with the cursor's own item, which the page before already held",
    edits: [
      {
        file: `${SRC}/shared/pagination.ts`,
        find: "query.whereRaw(`(created_at, id) ${order === 'desc' ? '<' : '>'} ?`, [position])",
        replace: "query.whereRaw(`(created_at, id) ${order === 'desc' ? '<=' : '>='} ?`, [position])",
      },
    ],
    specs: [`${TESTS}/pagination.spec.ts`],
    rules: ['PAG-WALK#every-once'],
  },
  {
    id: 'malformed-body-500',
    description: 'a request body that is not JSON gets a 500 instead of a 400 (a robustness failure)',
    edits: [
      {
        file: `${SRC}/http/body-parser.ts`,
        find: "throw new HttpError(400, 'invalid_request', 'The request body is not valid UTF-8 JSON.')",
        replace: "throw new Error('The request body is not valid UTF-8 JSON.')",
      },
    ],
    specs: [`${TESTS}/gnap-grants.spec.ts`],
    rules: ['ROB-INVALID-INPUT'],
  },
  {
    id: 'amount-without-asset-scale',
    description: "an Amount without assetScale is accepted, read as the sending wallet address's scale",
    // The schema's `required` is what refuses it; without it the asset check would refuse the missing scale.
    edits: [
      {
        // The fixed-send quote's debitAmount (oneOf[2]) stops requiring assetScale.
        file: `${SRC}/openapi/request-validation.ts`,
        find: '  const ajv = createAjv()\n',
        replace:
          "  documents['resource-server'].paths['/quotes'].post.requestBody.content['application/json']\n" +
          "    .schema.oneOf[2].properties.debitAmount.required = ['value', 'assetCode']\n" +
          '  const ajv = createAjv()\n',
      },
      {
        file: `${SRC}/shared/request-input.ts`,
        find: 'return { value, assetCode: amount.assetCode, assetScale: amount.assetScale }',
        replace: 'return { value, assetCode: amount.assetCode, assetScale: amount.assetScale ?? 2 }',
      },
    ],
    specs: [`${TESTS}/seed-rules.spec.ts`],
    rules: ['AMT-FIELDS'],
  },
]
