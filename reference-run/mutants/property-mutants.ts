import type { Mutant } from './catalog.ts'

/**
 * One bug per property of conformance/properties: each must turn its property red, and fast-check must shrink
 * the input to a small counterexample (the runner's failure detail prints it with the replay command).
 */

const SRC = 'reference-server/src'
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
]
