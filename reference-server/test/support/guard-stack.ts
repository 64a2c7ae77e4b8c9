import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { createAuthApp } from '../../src/auth-app.ts'
import { createResourceGuard } from '../../src/authorization/resource-guard.ts'
import { originOf, type PublicUrls } from '../../src/config.ts'
import { createDatabase, type Database, migrateDatabase } from '../../src/db/database.ts'
import { bodyParser } from '../../src/http/body-parser.ts'
import { errorHandler, notFoundHandler } from '../../src/http/error-handler.ts'
import { createLogger } from '../../src/logger.ts'
import { loadRequestValidation } from '../../src/openapi/request-validation.ts'
import { seedDatabase } from '../../src/seed/apply-seed.ts'
import { createServices } from '../../src/services.ts'
import { testConfig } from './helpers.ts'

export interface GuardStack {
  urls: PublicUrls
  db: Database
  close(): Promise<void>
}

/**
 * The real services and authorization server, plus a resource server of test-only routes behind the guard,
 * so the guard is tested as the payment routes use it, without depending on them.
 */
export async function startGuardStack(env: Record<string, string>): Promise<GuardStack> {
  const config = testConfig({ ...env, GRANT_WAIT_SECONDS: '0' })
  const logger = createLogger(config)
  const db = createDatabase(config, logger)
  await migrateDatabase(db, { reset: config.databaseReset })
  const services = createServices({
    db,
    auth: {
      accessTokenExpiresIn: config.accessTokenExpiresIn,
      grantWaitSeconds: config.grantWaitSeconds,
      interactionExpiresIn: config.interactionExpiresIn,
      signatureChecks: config.signatureChecks,
    },
  })
  await seedDatabase({ walletAddressService: services.walletAddresses }, config.seedFile)
  const [resourceServer, authServer] = [createServer(), createServer()]
  const [port, authPort] = await Promise.all([listen(resourceServer), listen(authServer)])
  const urls: PublicUrls = {
    resourceServer: originOf('127.0.0.1', port),
    authServer: originOf('127.0.0.1', authPort),
  }
  authServer.on(
    'request',
    createAuthApp({
      logger,
      urls,
      services,
      validation: await loadRequestValidation(),
      grantWaitSeconds: 0,
    }),
  )

  const guard = createResourceGuard({
    accessTokenService: services.accessTokens,
    verifier: services.signatures.verifierFor(urls.resourceServer),
    urls,
  })
  const echo: express.RequestHandler = (_req, res) => {
    res.json({ access: res.locals.access ?? null })
  }
  const app = express()
  app.use(bodyParser({ limit: '1mb' }))
  app.post('/incoming-payments', guard.require('incoming-payment', 'create'), echo)
  app.get('/incoming-payments', guard.require('incoming-payment', 'list'), echo)
  app.get('/incoming-payments/:id', guard.optional('incoming-payment', 'read'), echo)
  app.post('/incoming-payments/:id/complete', guard.require('incoming-payment', 'complete'), echo)
  app.post('/quotes', guard.require('quote', 'create'), echo)
  app.get('/outgoing-payment-grant', guard.require('outgoing-payment'), echo)
  app.use(notFoundHandler)
  app.use(errorHandler)
  resourceServer.on('request', app)

  return {
    urls,
    db,
    close: async () => {
      await Promise.all([close(resourceServer), close(authServer)])
      await db.destroy()
    },
  }
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  )
}

function close(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}
