import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedRequest {
  method: string
  /** Absolute, as a server reconstructs the target URI. */
  url: string
  headers: Record<string, string>
  body: Uint8Array
}

export interface EchoServer {
  origin: string
  received: ReceivedRequest[]
  close(): Promise<void>
}

/**
 * Records every request and answers with a JSON echo of it; `/redirect` answers 302 and `/text` a
 * non-JSON body, to show the transport neither follows redirects nor insists on JSON.
 */
export async function startEchoServer(): Promise<EchoServer> {
  const received: ReceivedRequest[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = new Uint8Array(Buffer.concat(chunks))
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
    }
    const { port } = server.address() as AddressInfo
    const url = `http://127.0.0.1:${port}${req.url}`
    received.push({ method: req.method ?? '', url, headers, body })

    if (req.url === '/redirect') {
      res.writeHead(302, { location: '/elsewhere' }).end()
    } else if (req.url === '/text') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('not json')
    } else {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({ method: req.method, url, headers, body: Buffer.from(body).toString('base64') }),
      )
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
