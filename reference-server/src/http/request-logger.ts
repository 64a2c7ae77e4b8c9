import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'
import { pinoHttp } from 'pino-http'
import type { Logger } from '../logger.ts'

export const REQUEST_ID_HEADER = 'x-request-id'

// An incoming id is reused only when it cannot break log lines or response headers.
const SANE_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/

/** The request's id, echoed in x-request-id: the client's own when sane, else a new one. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER]
  const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
  res.setHeader(REQUEST_ID_HEADER, id)
  return id
}

/**
 * Logs each request with an id that is echoed in x-request-id, so clients can quote it in bug reports.
 * Below `info` only failed requests are logged, so a quiet server skips pino-http's per-request work (a
 * child logger and its serializers on every request) and logs the few 4xx and 5xx itself.
 */
export function requestLogger(logger: Logger): RequestHandler {
  if (!logger.isLevelEnabled('info')) return failureLogger(logger)
  return pinoHttp({
    logger,
    genReqId: requestId,
    customLogLevel: (_req, res, err) => {
      if (err !== undefined || res.statusCode >= 500) return 'error'
      return res.statusCode >= 400 ? 'warn' : 'info'
    },
  })
}

function failureLogger(logger: Logger): RequestHandler {
  // Logging off (silent): a request costs its id and nothing else.
  if (!logger.isLevelEnabled('error')) {
    return (req, res, next) => {
      requestId(req, res)
      next()
    }
  }
  return (req, res, next) => {
    const id = requestId(req, res)
    res.on('finish', () => {
      if (res.statusCode < 400) return
      const level = res.statusCode >= 500 || res.err !== undefined ? 'error' : 'warn'
      if (!logger.isLevelEnabled(level)) return
      const entry = {
        req: { id, method: req.method, url: req.originalUrl },
        res: { statusCode: res.statusCode },
        err: res.err,
      }
      logger[level](entry, level === 'error' ? 'request errored' : 'request completed')
    })
    next()
  }
}
