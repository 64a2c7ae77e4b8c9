import { setImmediate } from 'node:timers/promises'
import type { Database } from '../db/database.ts'
import type { Logger } from '../logger.ts'
import { type Settlement, settleNextPayments } from './settle.ts'

export interface PaymentEngine {
  start(): void
  /** Stops polling and waits for the settlement in progress, so the database can close after it. */
  stop(): Promise<void>
}

interface EngineDependencies {
  db: Database
  logger: Logger
  /** Pause between polls when no payment is waiting. */
  pollIntervalMs: number
  /**
   * Most payments settled in one transaction: under load a batch shares one transaction's round trips, while a
   * quiet server settles each payment as it comes.
   */
  batchSize: number
}

/**
 * An in-process worker that settles outgoing payments as they are created. Several server instances may run
 * one each against the same database: every payment is claimed with SKIP LOCKED.
 */
export function createPaymentEngine(deps: EngineDependencies): PaymentEngine {
  const logger = deps.logger.child({ component: 'payment-engine' })
  let stopped = true
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  const drain = async () => {
    try {
      while (!stopped) {
        const settled = await settleNextPayments(deps.db, deps.batchSize)
        if (settled.length === 0) break
        for (const settlement of settled) logSettlement(logger, settlement)
        // On the embedded database every statement resolves without I/O, so a backlog would drain as one chain of
        // microtasks, and no request would be read until it ended: the requests waiting are read between batches.
        await setImmediate()
      }
    } catch (err) {
      // Not even the payment could be marked failed (the database is unreachable, say): the next poll retries.
      logger.error({ err }, 'settling outgoing payments failed')
    }
    if (!stopped) {
      timer = setTimeout(poll, deps.pollIntervalMs)
      // Polling alone should not keep the process alive; the HTTP server does that.
      timer.unref()
    }
  }
  const poll = () => {
    running = drain()
  }

  return {
    start: () => {
      if (!stopped) return
      stopped = false
      poll()
    },
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}

function logSettlement(logger: Logger, settlement: Settlement): void {
  if (settlement.outcome === 'completed') {
    logger.debug({ paymentId: settlement.paymentId }, 'outgoing payment settled')
    return
  }
  const { paymentId, reason, error } = settlement
  if (error === undefined) logger.info({ paymentId, reason }, 'outgoing payment failed')
  else logger.error({ paymentId, reason, err: error }, 'outgoing payment failed on an unexpected error')
}
