import { type Amount, type OpenPaymentsAmount, toOpenPaymentsAmount } from '../shared/amount.ts'

/** Undefined when nothing was spent in the window. */
export interface GrantSpentAmounts {
  debit: Amount | undefined
  receive: Amount | undefined
}

/** Both keys always present; null when nothing was spent (decisions.md). */
export interface SpentAmountsBody {
  spentDebitAmount: OpenPaymentsAmount | null
  spentReceiveAmount: OpenPaymentsAmount | null
}

export function toSpentAmountsBody(spent: GrantSpentAmounts): SpentAmountsBody {
  return {
    spentDebitAmount: spent.debit === undefined ? null : toOpenPaymentsAmount(spent.debit),
    spentReceiveAmount: spent.receive === undefined ? null : toOpenPaymentsAmount(spent.receive),
  }
}
