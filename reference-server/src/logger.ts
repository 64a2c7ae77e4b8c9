import { type Logger, pino } from 'pino'
import type { Config } from './config.ts'

export type { Logger }

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'reference-server' },
    // Access and continuation tokens travel in Authorization; they must not end up in log files.
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  })
}
