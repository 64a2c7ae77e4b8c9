import type { RequestHandler } from 'express'
import { requireAccess } from '../authorization/resource-access.ts'
import { HttpError } from '../http/errors.ts'
import { type OpenPaymentsAmount, toOpenPaymentsAmount } from '../shared/amount.ts'
import { limitsOf } from './limits.ts'
import type { OutgoingPaymentGrantService } from './service.ts'

/** Both keys always present; null when nothing was spent (decisions.md). */
export interface SpentAmountsBody {
  spentDebitAmount: OpenPaymentsAmount | null
  spentReceiveAmount: OpenPaymentsAmount | null
}

export interface OutgoingPaymentGrantRoutes {
  getSpent: RequestHandler
}

export function createOutgoingPaymentGrantRoutes(deps: {
  outgoingPaymentGrantService: OutgoingPaymentGrantService
}): OutgoingPaymentGrantRoutes {
  return {
    getSpent: async (_req, res) => {
      const access = requireAccess(res)
      const entry = access.entries.find((candidate) => candidate.type === 'outgoing-payment')
      const limits = entry === undefined ? undefined : limitsOf(entry)
      if (limits === undefined) {
        throw new HttpError(403, 'forbidden', 'The access token holds no readable outgoing-payment limits.')
      }
      const spent = await deps.outgoingPaymentGrantService.getSpent(access.grantId, limits, new Date())
      const body: SpentAmountsBody = {
        spentDebitAmount: spent.debit === undefined ? null : toOpenPaymentsAmount(spent.debit),
        spentReceiveAmount: spent.receive === undefined ? null : toOpenPaymentsAmount(spent.receive),
      }
      res.json(body)
    },
  }
}
