import { type Config, ConfigError, loadConfig } from './config.ts'
import { createLogger } from './logger.ts'
import { SeedError } from './seed/seed-file.ts'
import { startServer } from './server.ts'

// Startup failures are reported as one line on stderr: the logger may not exist yet (bad LOG_LEVEL) and
// a config or seed mistake deserves a sentence, not a stack trace.
function exitWith(message: string): never {
  process.stderr.write(`reference-server: ${message}\n`)
  process.exit(1)
}

let config: Config
try {
  config = loadConfig(process.env)
} catch (err) {
  exitWith(err instanceof ConfigError ? err.message : String(err))
}

const logger = createLogger(config)
const server = await startServer(config, { logger }).catch((err: unknown) => {
  if (err instanceof SeedError) exitWith(err.message)
  logger.debug({ err }, 'startup failed')
  exitWith(`could not start: ${err instanceof Error ? err.message : String(err)}`)
})
logger.info(
  { url: server.url, ...server.publicUrls },
  `Open Payments reference server listening on ${server.url}`,
)
logger.info(
  { walletAddresses: server.walletAddresses },
  `Seeded ${server.walletAddresses.length} wallet addresses`,
)

let shuttingDown = false
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  // A second signal means the user does not want to wait for in-flight requests.
  if (shuttingDown) process.exit(1)
  shuttingDown = true
  logger.info({ signal }, 'Shutting down')
  await server.close()
  logger.info('Stopped')
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
