import assert from 'node:assert/strict'
import { createDatabase, type Database, migrateDatabase } from '../../src/db/database.ts'
import { isIncomingPaymentError } from '../../src/incoming-payments/errors.ts'
import type { IncomingPayment } from '../../src/incoming-payments/model.ts'
import type { CreateIncomingPaymentInput } from '../../src/incoming-payments/service.ts'
import { createLogger } from '../../src/logger.ts'
import type { GrantLimits } from '../../src/outgoing-payment-grants/limits.ts'
import type { CreatedOutgoingPayment } from '../../src/outgoing-payments/reservation.ts'
import type { CreateOutgoingPaymentInput } from '../../src/outgoing-payments/service.ts'
import { type Settlement, settleNextPayments } from '../../src/payment-engine/settle.ts'
import { DEFAULT_RATE_TABLE } from '../../src/quotes/rates.ts'
import { seedDatabase } from '../../src/seed/apply-seed.ts'
import { createServices, type Services } from '../../src/services.ts'
import { type DatabaseVariant, fixture, testConfig } from './helpers.ts'

/** Resource server base used for URLs in service inputs (the receiver limit compares URLs). */
export const BASE = 'https://rs.test'
export const CLIENT = 'https://client.test/app'

export const usd = (value: bigint) => ({ value, assetCode: 'USD', assetScale: 2 })
export const eur = (value: bigint) => ({ value, assetCode: 'EUR', assetScale: 2 })
export const noLimits: GrantLimits = {
  receiver: undefined,
  interval: undefined,
  debitAmount: undefined,
  receiveAmount: undefined,
}
export const show = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}` : v))
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export type PaymentInput = Partial<CreateOutgoingPaymentInput> & Pick<CreateOutgoingPaymentInput, 'source'>

/**
 * The payment services on a real, migrated and seeded database (the fixture seed: alice and bob in USD,
 * carol in EUR holding 2^64-1), with no HTTP server and no engine: tests settle explicitly.
 */
export interface PaymentServices {
  db: Database
  services: Services
  balanceOf(name: string): Promise<bigint>
  /** An incoming payment to bob unless `input` says otherwise. */
  incoming(input?: Partial<CreateIncomingPaymentInput>): Promise<IncomingPayment>
  /** An outgoing payment from alice under a limitless grant unless `input` says otherwise, by `on` (default: `services`). */
  pay(input: PaymentInput, on?: Services): ReturnType<Services['outgoingPayments']['create']>
  /** Asserts that `pay` created a payment. */
  created(result: Awaited<ReturnType<PaymentServices['pay']>>): CreatedOutgoingPayment
  /** Settles every waiting payment, oldest first. */
  settleAll(): Promise<Settlement[]>
  /** What `run` returns, and the SQL of every statement it sent (transaction control included). */
  queriesOf<T>(run: () => Promise<T>): Promise<{ result: T; sql: string[] }>
  close(): Promise<void>
}

export async function startPaymentServices(
  variant: DatabaseVariant,
  options: { quoteLifetimeSeconds: number } = { quoteLifetimeSeconds: 1 },
): Promise<PaymentServices> {
  const config = testConfig(await variant.setUp())
  const db = createDatabase(config, createLogger({ logLevel: 'silent' }))
  await migrateDatabase(db, { reset: config.databaseReset })
  const services = createServices({
    db,
    payments: { rates: DEFAULT_RATE_TABLE, quoteLifetimeSeconds: options.quoteLifetimeSeconds },
  })
  await seedDatabase({ walletAddressService: services.walletAddresses }, fixture('seed.json'))

  return {
    db,
    services,
    balanceOf: async (name) =>
      BigInt((await db('wallet_addresses').where({ name }).first<{ balance: string }>('balance')).balance),
    incoming: async (input = {}) => {
      const payment = await services.incomingPayments.create({
        walletAddressName: 'bob',
        client: CLIENT,
        incomingAmount: undefined,
        expiresAt: undefined,
        metadata: undefined,
        ...input,
      })
      assert.ok(!isIncomingPaymentError(payment), String(payment))
      return payment
    },
    pay: (input, on = services) =>
      on.outgoingPayments.create({
        walletAddressName: 'alice',
        client: CLIENT,
        grant: { id: 'grant-default', limits: noLimits },
        resourceServer: BASE,
        metadata: undefined,
        ...input,
      }),
    created: (result) => {
      assert.equal(typeof result, 'object', `expected a payment, got ${String(result)}`)
      return result as CreatedOutgoingPayment
    },
    settleAll: async () => {
      const outcomes: Settlement[] = []
      for (let settled = await settleNextPayments(db, 5); settled.length > 0; ) {
        outcomes.push(...settled)
        settled = await settleNextPayments(db, 5)
      }
      return outcomes
    },
    queriesOf: async (run) => {
      const sql: string[] = []
      const record = (query: { sql: string }) => sql.push(query.sql)
      db.on('query', record)
      try {
        return { result: await run(), sql }
      } finally {
        db.off('query', record)
      }
    },
    close: async () => {
      await db.destroy()
      await variant.tearDown()
    },
  }
}
