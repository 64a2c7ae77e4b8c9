import { randomUUID } from 'node:crypto'
import type { RequestHandler } from 'express'
import { pinoHttp } from 'pino-http'
import type { Logger } from '../logger.ts'

export const REQUEST_ID_HEADER = 'x-request-id'

// An incoming id is reused only when it cannot break log lines or response headers.
const SANE_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/

/** Logs each request with an id that is echoed in x-request-id, so clients can quote it in bug reports. */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers[REQUEST_ID_HEADER]
      const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
      res.setHeader(REQUEST_ID_HEADER, id)
      return id
    },
    customLogLevel: (_req, res, err) => {
      if (err !== undefined || res.statusCode >= 500) return 'error'
      return res.statusCode >= 400 ? 'warn' : 'info'
    },
  })
}
