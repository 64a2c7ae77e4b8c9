import type { RequestListener, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp } from './app.ts'
import { createAuthApp } from './auth-app.ts'
import { type Config, originOf, type PublicUrls, resolvePublicUrls } from './config.ts'
import { createDatabase, migrateDatabase } from './db/database.ts'
import { keepFreshClusterDump } from './db/fresh-cluster.ts'
import { createHttpServer, stopHttpServer } from './http/http-server.ts'
import { answeringLate } from './http/late-answers.ts'
import { createLogger, type Logger } from './logger.ts'
import { loadRequestValidation } from './openapi/request-validation.ts'
import { createPaymentEngine } from './payment-engine/engine.ts'
import { DEFAULT_RATE_TABLE, readRateFile } from './quotes/rates.ts'
import { seedDatabase } from './seed/apply-seed.ts'
import { createServices } from './services.ts'
import { walletAddressUrl } from './wallet-addresses/model.ts'

export interface RunningServer {
  /** Where the resource server listens, e.g. http://127.0.0.1:3400 (the real port when PORT is 0). */
  url: string
  /** Where the authorization server listens (the real port when AUTH_PORT is 0). */
  authUrl: string
  /** The URLs published in wallet address documents (PUBLIC_URL, AUTH_PUBLIC_URL or their defaults). */
  publicUrls: PublicUrls
  /** URLs of the wallet addresses in the seed file. */
  walletAddresses: string[]
  /**
   * Stops accepting connections and lets in-flight requests finish (closing what is still open after
   * SHUTDOWN_TIMEOUT_MS); meanwhile stops the payment engine between two payments, since a request does not need
   * it (a payment created now waits for the next start). Then closes the database. Idempotent.
   */
  close(): Promise<void>
}

export interface StartOptions {
  logger?: Logger
}

/** Migrates (after a reset when configured) and seeds the database, then listens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config)
  if (config.databaseUrl === undefined && config.pgliteDataDir === undefined)
    await keepFreshClusterDump(logger)
  const db = createDatabase(config, logger)
  try {
    await migrateDatabase(db, { reset: config.databaseReset })
    const rates = config.ratesFile === undefined ? DEFAULT_RATE_TABLE : await readRateFile(config.ratesFile)
    const services = createServices({
      db,
      payments: { rates, quoteLifetimeSeconds: config.quoteLifetimeSeconds },
      auth: {
        accessTokenExpiresIn: config.accessTokenExpiresIn,
        grantWaitSeconds: config.grantWaitSeconds,
        interactionExpiresIn: config.interactionExpiresIn,
        signatureChecks: config.signatureChecks,
      },
    })
    const seeded = await seedDatabase({ walletAddressService: services.walletAddresses }, config.seedFile)

    const validation = await loadRequestValidation()

    // The apps are built after listen because their URLs depend on the bound ports; a request that
    // arrives on one port while the other is still binding waits for them.
    let attach: (apps: { resource: RequestListener; auth: RequestListener }) => void = () => {}
    const apps = new Promise<{ resource: RequestListener; auth: RequestListener }>((resolve) => {
      attach = resolve
    })
    const limits = { requestTimeoutMs: config.requestTimeoutMs }
    const httpServer = createHttpServer(
      answeringLate((req, res) => void apps.then(({ resource }) => resource(req, res)), config.answersLate),
      limits,
    )
    const authHttpServer = createHttpServer(
      answeringLate((req, res) => void apps.then(({ auth }) => auth(req, res)), config.answersLate),
      limits,
    )
    const [port, authPort] = await listenBoth(
      [httpServer, config.host, config.port],
      [authHttpServer, config.host, config.authPort],
    )
    const publicUrls = resolvePublicUrls(config, port, authPort)
    attach({
      resource: createApp({
        logger,
        urls: publicUrls,
        services,
        validation,
        ledgerEndpoint: config.ledgerEndpoint,
        signatureUncheckedRoute: config.signatureUncheckedRoute,
      }),
      auth: createAuthApp({
        logger,
        urls: publicUrls,
        services,
        validation,
        signatureUncheckedRoute: config.signatureUncheckedRoute,
        grantWaitSeconds: config.grantWaitSeconds,
      }),
    })
    const paymentEngine = createPaymentEngine({
      db,
      logger,
      pollIntervalMs: config.paymentPollIntervalMs,
      batchSize: config.paymentBatchSize,
    })
    paymentEngine.start()

    let closing: Promise<void> | undefined
    return {
      url: originOf(config.host, port),
      authUrl: originOf(config.host, authPort),
      publicUrls,
      walletAddresses: seeded.map(({ walletAddress }) =>
        walletAddressUrl(publicUrls.resourceServer, walletAddress.name),
      ),
      close: () => {
        const stop = (server: Server) => stopHttpServer(server, config.shutdownTimeoutMs)
        closing ??= Promise.all([stop(httpServer), stop(authHttpServer), paymentEngine.stop()]).then(() =>
          db.destroy(),
        )
        return closing
      },
    }
  } catch (err) {
    await db.destroy()
    throw err
  }
}

type Binding = [server: Server, host: string, port: number]

/** Binds both servers, or neither: when one port fails, the other is released. */
async function listenBoth(first: Binding, second: Binding): Promise<[number, number]> {
  const [a, b] = await Promise.allSettled([listen(...first), listen(...second)])
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value]
  await Promise.all(
    [first[0], second[0]].filter((server) => server.listening).map((server) => stopHttpServer(server, 0)),
  )
  throw a.status === 'rejected' ? a.reason : (b as PromiseRejectedResult).reason
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}
