import { createServer, request as forward, type Server } from 'node:http'

export interface DelayingProxy {
  url: string
  close(): Promise<void>
}

/**
 * A reverse proxy on loopback that holds every answer of `upstream` for `delayMs` before passing it on: a target
 * as far away as a remote server, on this machine. Requests go through unchanged (the Host header too: the server
 * behind it names this proxy as its public URL, so signatures over the URL still verify).
 */
export async function startDelayingProxy(opts: {
  port: number
  upstream: string
  delayMs: number
}): Promise<DelayingProxy> {
  const upstream = new URL(opts.upstream)
  const server = createServer((incoming, outgoing) => {
    const proxied = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        setTimeout(() => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
        }, opts.delayMs)
      },
    )
    proxied.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'application/json' })
      outgoing.end(JSON.stringify({ error: { code: 'proxy_error', description: error.message } }))
    })
    incoming.pipe(proxied)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, '127.0.0.1', resolve)
  })
  return { url: `http://127.0.0.1:${opts.port}`, close: () => closeServer(server) }
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}
