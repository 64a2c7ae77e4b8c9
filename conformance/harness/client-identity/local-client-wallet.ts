import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type ClientKey, generateClientKey } from '../../../clients/src/index.ts'
import type { ClientIdentity } from './client-identity.ts'

export interface LocalClientWallet {
  identity: ClientIdentity
  close(): Promise<void>
}

/**
 * Serves the suite's own client wallet address and JWKS on this machine, so a target running here can fetch
 * the client key the way it would fetch any client's (GET <client wallet address>/jwks.json). The key is a new one
 * unless given (client mode publishes the user's own).
 */
export async function startLocalClientWallet(
  host = '127.0.0.1',
  key: ClientKey = generateClientKey(),
  { holdsProcess = true }: { holdsProcess?: boolean } = {},
): Promise<LocalClientWallet> {
  const server = createServer((request, response) => {
    const origin = `http://${request.headers.host}`
    const path = (request.url ?? '/').split('?')[0]
    const body =
      path === '/client'
        ? walletAddressDocument(origin)
        : path === '/client/jwks.json'
          ? { keys: [key.publicJwk] }
          : undefined
    response.statusCode = request.method === 'GET' && body ? 200 : 404
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(body ?? { error: { code: 'not_found', description: 'unknown path' } }))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, resolve)
  })
  // A run's main process serves its clients until it exits, and must not wait for them to exit.
  if (!holdsProcess) server.unref()
  const { port } = server.address() as AddressInfo
  const urlHost = host.includes(':') ? `[${host}]` : host
  return {
    identity: { walletAddress: `http://${urlHost}:${port}/client`, key },
    close: () => closeServer(server),
  }
}

function walletAddressDocument(origin: string) {
  return {
    id: `${origin}/client`,
    publicName: 'Open Payments conformance suite',
    assetCode: 'USD',
    assetScale: 2,
    authServer: `${origin}/auth`,
    resourceServer: origin,
  }
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}
