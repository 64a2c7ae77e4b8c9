import { createServer, type RequestListener, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { HttpError } from './errors.ts'

/** Largest request head (request line and headers) read; larger ones get 431. Node's default. */
export const MAX_HEADER_BYTES = 16 * 1024

export interface HttpLimits {
  /** A client must send the whole request (head and body) within this; slower connections get 408 and are closed. */
  requestTimeoutMs: number
}

/** An HTTP server that bounds how long and how much a client may send, answering violations with the envelope. */
export function createHttpServer(listener: RequestListener, limits: HttpLimits): Server {
  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.requestTimeoutMs,
      // How often Node looks for connections past those timeouts; its default (30 s) would let a slow client
      // hold a connection that long past short timeouts.
      connectionsCheckingInterval: Math.min(1000, Math.ceil(limits.requestTimeoutMs / 4)),
    },
    listener,
  )
  server.on('clientError', answerClientError)
  return server
}

// Errors Node's parser raises before a request reaches Express; its own answers have no body.
const CLIENT_ERRORS: Readonly<Record<string, HttpError>> = {
  HPE_HEADER_OVERFLOW: new HttpError(
    431,
    'request_header_fields_too_large',
    `The request head is larger than ${MAX_HEADER_BYTES} bytes.`,
  ),
  ERR_HTTP_REQUEST_TIMEOUT: new HttpError(408, 'request_timeout', 'The request was not received in time.'),
}
const BAD_REQUEST = new HttpError(400, 'invalid_request', 'The request is not valid HTTP/1.1.')

function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset or already answered connection has no one left to tell.
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const error = CLIENT_ERRORS[err.code ?? ''] ?? BAD_REQUEST
  const body = JSON.stringify(error.toEnvelope())
  socket.end(
    `HTTP/1.1 ${error.status} ${error.code}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

/**
 * Stops accepting connections and resolves once the requests in flight are answered; after `timeoutMs` the
 * connections still open (a request that never ends) are closed, so shutdown always finishes.
 */
export function stopHttpServer(server: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), timeoutMs)
    server.close(() => {
      clearTimeout(force)
      resolve()
    })
    // Idle keep-alive connections would otherwise hold close() open until they time out.
    server.closeIdleConnections()
  })
}
