import type { RequestHandler } from 'express'
import type { LedgerCheck } from '../ledger/invariant.ts'

// Liveness only: it answers while the process serves HTTP, without touching the database.
export const getHealth: RequestHandler = (_req, res) => {
  res.json({ status: 'ok' })
}

/** The ledger invariant, amounts as decimal strings (they are u64 and would lose precision as numbers). */
export function getLedgerCheck(check: () => Promise<LedgerCheck>): RequestHandler {
  return async (_req, res) => {
    const { balanced, assets, walletsOutOfStep, grantsOutOfStep } = await check()
    res.json({
      balanced,
      assets: assets.map((asset) => ({
        assetCode: asset.assetCode,
        assetScale: asset.assetScale,
        seeded: String(asset.seeded),
        held: String(asset.held),
        exchangeNet: String(asset.exchangeNet),
      })),
      walletsOutOfStep,
      grantsOutOfStep,
    })
  }
}
