import { SRC, TESTS } from '../mutants/mutant.ts'
import { targetSettings, type Variant } from './variant.ts'

const PRICING = `${SRC}/quotes/pricing.ts`

/**
 * The fee the fee variant charges, in the sender's smallest units: 5 plus 1 % rounded up, of the amount before
 * the fee. Source text for the edits below.
 */
const FEE = (amount: string) => `(5n + (${amount} + 99n) / 100n)`
/** The smallest debit the fee variant takes, and the target setting that tells the suite so. */
const MINIMUM = 100

/** Allowed variants of quotes: how a server infers an amount, what it charges, what it refuses as too small. */
export const QUOTE_VARIANTS: readonly Variant[] = [
  {
    id: 'quote-infers-whole-incoming-amount',
    description:
      'a quote without amounts, to a receiver with an incomingAmount, receives the whole incomingAmount (not what remains)',
    allowedBy:
      'the spec says only that the amount is inferred from the receiver (Rafiki quotes the whole amount)',
    edits: [
      {
        file: PRICING,
        find: '    const receiveAmount = input.receiveAmount ?? remaining\n',
        replace:
          '    const whole = input.receiver.incomingAmount\n' +
          '    const receiveAmount = input.receiveAmount ?? (whole === undefined ? undefined : amountOf(whole, receiverAsset))\n',
      },
      // Only an amount the client fixed is held to what remains; the inferred one is the whole amount.
      {
        file: PRICING,
        find: '  if (remaining !== undefined && priced.receiveAmount.value > remaining.value)\n',
        replace:
          '  const fixed = input.debitAmount ?? input.receiveAmount\n' +
          '  if (fixed !== undefined && remaining !== undefined && priced.receiveAmount.value > remaining.value)\n',
      },
    ],
    specs: [
      `${TESTS}/payment-lifecycle.spec.ts`,
      `${TESTS}/quotes.spec.ts`,
      'conformance/properties/exactly-one-amount.spec.ts',
    ],
    about: ['QT-INFER'],
    expected: { verdict: 'CONFORMANT', warns: [] },
  },
  {
    id: 'fees-and-minimum-amount',
    description: `every payment pays a fee of 5 + 1 % in the sender's asset, and a debit under ${MINIMUM} is refused (400); amounts.minimum says so`,
    allowedBy:
      'fees and a minimum amount are the ASE’s business: the spec fixes the side the client fixes, not the other',
    edits: [
      // A fixed send: the fee comes off before the conversion, and a debit under the minimum is refused.
      {
        file: PRICING,
        find: "    const received = convert(rates, input.debitAmount.value, input.sender, receiverAsset, 'down')\n",
        replace:
          `    const fee = ${FEE('input.debitAmount.value')}\n` +
          `    if (input.debitAmount.value < ${MINIMUM}n || input.debitAmount.value <= fee) return PricingError.AmountTooSmall\n` +
          "    const received = convert(rates, input.debitAmount.value - fee, input.sender, receiverAsset, 'down')\n",
      },
      // A fixed receive: the fee comes on top of the converted amount.
      {
        file: PRICING,
        find: '    priced = { debitAmount: amountOf(debited, input.sender), receiveAmount }\n',
        replace:
          `    const charged = debited + ${FEE('debited')}\n` +
          `    if (charged < ${MINIMUM}n) return PricingError.AmountTooSmall\n` +
          '    priced = { debitAmount: amountOf(charged, input.sender), receiveAmount }\n',
      },
      // The fee goes through the exchange's account, so the ledger still balances.
      {
        file: `${SRC}/payment-engine/settle.ts`,
        find: '  const exchangeLegs = sameAsset(debitAmount, receiveAmount)\n',
        replace:
          '  const exchangeLegs =\n' +
          '    sameAsset(debitAmount, receiveAmount) && debitAmount.value === receiveAmount.value\n',
      },
      targetSettings({ amounts: { minimum: String(MINIMUM) } }),
    ],
    specs: [
      `${TESTS}/quotes.spec.ts`,
      `${TESTS}/amounts.spec.ts`,
      `${TESTS}/outgoing-payment-create.spec.ts`,
      `${TESTS}/outgoing-payment-debit-asset.spec.ts`,
      `${TESTS}/outgoing-payment-settle-read.spec.ts`,
      `${TESTS}/payment-lifecycle.spec.ts`,
      `${TESTS}/grant-limits.spec.ts`,
      `${TESTS}/grant-spent-amounts.spec.ts`,
      'conformance/properties/grant-limits-model.spec.ts',
      'conformance/properties/exactly-one-amount.spec.ts',
      'conformance/properties/payment-amount-round-trip.spec.ts',
    ],
    about: ['QT-CREATE', 'OP-SETTLE', 'GSA-GET', 'LIM-AMOUNT'],
    expected: { verdict: 'CONFORMANT', warns: [] },
  },
]
