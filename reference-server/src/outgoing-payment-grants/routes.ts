import type { RequestHandler, Response } from 'express'
import { requireAccess } from '../authorization/resource-access.ts'
import { OutgoingPaymentGrantError, toHttpError } from './errors.ts'
import { limitsOf } from './limits.ts'
import { toSpentAmountsBody } from './model.ts'
import type { OutgoingPaymentGrantService } from './service.ts'

interface RouteDependencies {
  outgoingPaymentGrantService: OutgoingPaymentGrantService
}

export interface OutgoingPaymentGrantRoutes {
  getSpent: RequestHandler
}

export function createOutgoingPaymentGrantRoutes(deps: RouteDependencies): OutgoingPaymentGrantRoutes {
  return {
    getSpent: (_req, res) => getSpentAmounts(deps, res),
  }
}

async function getSpentAmounts(deps: RouteDependencies, res: Response): Promise<void> {
  const access = requireAccess(res)
  const entry = access.entries.find((candidate) => candidate.type === 'outgoing-payment')
  const limits = entry === undefined ? undefined : limitsOf(entry)
  if (limits === undefined) throw toHttpError(OutgoingPaymentGrantError.NoReadableLimits)
  const spent = await deps.outgoingPaymentGrantService.getSpent(access.grantId, limits, new Date())
  res.json(toSpentAmountsBody(spent))
}
