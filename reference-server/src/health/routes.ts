import type { RequestHandler } from 'express'

// Liveness only: it answers while the process serves HTTP, without touching the database.
export const getHealth: RequestHandler = (_req, res) => {
  res.json({ status: 'ok' })
}
