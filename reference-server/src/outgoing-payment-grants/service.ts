import type { Database } from '../db/database.ts'
import { amountOf } from '../shared/amount.ts'
import { type GrantLimits, spendingWindow } from './limits.ts'
import type { GrantSpentAmounts } from './model.ts'
import { latestPaymentAssets, spentTotals } from './repository.ts'
import { spendingWindowKey } from './spending-window-key.ts'

export interface OutgoingPaymentGrantService {
  /**
   * The grant's totals in the current interval (all time without one). Totals are in the asset of the
   * matching limit, or else of the grant's latest payment in the interval.
   */
  getSpent(grantId: string, limits: GrantLimits, at: Date): Promise<GrantSpentAmounts>
}

export function createOutgoingPaymentGrantService(deps: { db: Database }): OutgoingPaymentGrantService {
  return {
    getSpent: async (grantId, limits, at) => {
      const window = spendingWindow(limits, at)
      if (window === 'outside') return { debit: undefined, receive: undefined }
      const latest = await latestPaymentAssets(deps.db, grantId, window)
      if (latest === undefined) return { debit: undefined, receive: undefined }
      const debitAsset = limits.debitAmount ?? latest.debitAsset
      const receiveAsset = limits.receiveAmount ?? latest.receiveAsset
      const spent = await spentTotals(deps.db, {
        grantId,
        window: spendingWindowKey(window),
        debitAsset,
        receiveAsset,
      })
      return {
        debit: spent.debit === 0n ? undefined : amountOf(spent.debit, debitAsset),
        receive: spent.receive === 0n ? undefined : amountOf(spent.receive, receiveAsset),
      }
    },
  }
}
