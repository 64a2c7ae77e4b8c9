import { createServer, type Server } from 'node:http'
import { type ExampleAnswer, exampleAnswers } from './openapi-examples.ts'

export interface StubServer {
  /** The origin: resource server and wallet addresses here, the authorization server under `/auth`. */
  url: string
  close(): Promise<void>
}

/**
 * A server that fails most of the suite the way a half-built one does, and quickly: every Open Payments operation
 * answers its official example (reference-run/stub-server/openapi-examples.ts), whatever was asked. It verifies no
 * signature and keeps no state, so nothing it "creates" can be read back, no grant ends in a usable token and no
 * refusal is ever given. Its wallet addresses (any other GET path) and their key sets are real documents, so the
 * pre-flight passes and the tests, not the set-up, meet the failures. URLs in the examples (other hosts) are
 * moved onto the stub, so that nothing a test follows leaves the machine.
 */
export async function startStubServer(port: number): Promise<StubServer> {
  const answers = await exampleAnswers()
  const origin = `http://127.0.0.1:${port}`
  const local = (body: unknown) =>
    JSON.stringify(body).replace(/https?:\/\/([a-z0-9.-]+)/g, (_, host: string) =>
      host.startsWith('auth.') ? `${origin}/auth` : origin,
    )
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const { pathname } = new URL(request.url ?? '/', origin)
      const method = request.method ?? 'GET'
      const answer = exampleFor(answers, method, pathname)
      const send = (status: number, body?: string) => {
        response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' })
        response.end(body)
      }
      if (answer) return send(answer.status, answer.body === undefined ? undefined : local(answer.body))
      if (method !== 'GET')
        return send(
          404,
          JSON.stringify({ error: { code: 'not_found', description: `${method} ${pathname}` } }),
        )
      if (pathname.endsWith('/jwks.json')) return send(200, JSON.stringify({ keys: [] }))
      send(200, JSON.stringify(walletAddress(answers, `${origin}${pathname}`, origin)))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return { url: origin, close: () => closeServer(server) }
}

/** The example of the operation at this path: the authorization server's under `/auth`, else the resource server's. */
function exampleFor(answers: ExampleAnswer[], method: string, pathname: string): ExampleAnswer | undefined {
  const auth = /^\/auth(\/.*)?$/.exec(pathname)
  const api = auth ? 'auth-server' : 'resource-server'
  const path = auth ? (auth[1] ?? '/') : pathname
  return answers.find((a) => a.api === api && a.method === method && a.path.test(path))
}

/** The documents' wallet address example, at the address asked for, with both servers on the stub. */
function walletAddress(answers: ExampleAnswer[], id: string, origin: string): unknown {
  const example = answers.find((a) => a.api === 'wallet-address-server' && a.template === '/')
  return { ...(example?.body as object), id, authServer: `${origin}/auth`, resourceServer: origin }
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}
