import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { request as playwrightRequest } from '@playwright/test'
import { createVerifier, httpbis } from 'http-message-signatures'
import {
  type ClientKey,
  generateClientKey,
  OpenPaymentsClient,
  type Transport,
  undiciTransport,
} from '../../clients/src/index.ts'
import { formatExchange } from '../harness/http/format-exchange.ts'
import { playwrightTransport } from '../harness/http/playwright-transport.ts'
import { Routing, routedTransport } from '../harness/http/routing.ts'
import type { Route } from '../harness/target/target-file.ts'

describe('routes: where an identity URL is sent', () => {
  const routing = new Routing([
    {
      identity: 'https://wallet.example',
      transport: 'http://127.0.0.1:80',
      headers: { 'X-Forwarded-Proto': 'https' },
    },
    { identity: 'https://wallet.example/auth/', transport: 'http://10.0.0.7:3006/gnap' },
    {
      identity: 'https://other.example/base',
      transport: 'http://127.0.0.1:8080/',
      signedTargetUri: 'transport',
    },
  ])
  const cases: [string, string, { url: string; headers: Record<string, string> } | undefined][] = [
    [
      'a path under an origin',
      'https://wallet.example/accounts/alice?x=1',
      {
        url: 'http://127.0.0.1/accounts/alice?x=1',
        headers: { host: 'wallet.example', 'x-forwarded-proto': 'https' },
      },
    ],
    [
      'the longest identity wins',
      'https://wallet.example/auth/continue/1',
      { url: 'http://10.0.0.7:3006/gnap/continue/1', headers: { host: 'wallet.example' } },
    ],
    [
      'the identity path itself',
      'https://other.example/base',
      { url: 'http://127.0.0.1:8080', headers: { host: 'other.example' } },
    ],
    ['only whole path segments', 'https://other.example/baseball', undefined],
    ['another scheme is another identity', 'http://wallet.example/accounts/alice', undefined],
    ['another port is another identity', 'https://wallet.example:8443/accounts/alice', undefined],
  ]
  for (const [name, url, expected] of cases) {
    test(name, () => assert.deepEqual(routing.resolve(url), expected))
  }

  test('@target-uri is the identity unless the route says transport', () => {
    assert.equal(routing.signedTargetUri('https://wallet.example/a'), 'https://wallet.example/a')
    assert.equal(routing.signedTargetUri('https://other.example/base/q'), 'http://127.0.0.1:8080/q')
    assert.equal(routing.signedTargetUri('https://elsewhere.example/q'), 'https://elsewhere.example/q')
  })

  test('a route may set Host itself', () => {
    const own = new Routing([
      { identity: 'https://a.example', transport: 'http://b:1', headers: { Host: 'c.example' } },
    ])
    assert.equal(own.resolve('https://a.example/x')?.headers.host, 'c.example')
  })
})

/**
 * A server standing in for a server behind a proxy: it rebuilds the URL it was asked for the way such servers do
 * (X-Forwarded-Proto + Host + path) and verifies the signature over it, and over its own address.
 */
function startVerifyingServer(key: ClientKey): Promise<Server> {
  const server = createServer(async (req, res) => {
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]))
    const proto = req.headers['x-forwarded-proto'] ?? 'http'
    const { port } = server.address() as AddressInfo
    const views = {
      proxied: `${proto}://${req.headers.host}${req.url}`,
      direct: `http://127.0.0.1:${port}${req.url}`,
    }
    const verifies = async (url: string) => {
      const keyLookup = async () => ({
        id: key.keyId,
        algs: ['ed25519'],
        verify: createVerifier(key.privateKey, 'ed25519'),
      })
      return httpbis
        .verifyMessage({ keyLookup }, { method: req.method ?? 'GET', url, headers })
        .catch(() => false)
    }
    const body = {
      proxied: views.proxied,
      verifiesAsProxied: await verifies(views.proxied),
      verifiesAsDirect: await verifies(views.direct),
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

describe('a routed request reaches the transport address, signed over the identity', () => {
  // Ed25519 verification needs the public key; the private KeyObject verifies too.
  const key = generateClientKey('routing-test')
  let server: Server
  let transport: string
  before(async () => {
    server = await startVerifyingServer(key)
    transport = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  after(() => server.close())

  const transports: [string, () => Promise<{ transport: Transport; close(): Promise<void> }>][] = [
    ['undici', async () => ({ transport: undiciTransport, close: async () => {} })],
    [
      'Playwright',
      async () => {
        const context = await playwrightRequest.newContext()
        return { transport: playwrightTransport(context), close: () => context.dispose() }
      },
    ],
  ]
  for (const [name, open] of transports) {
    for (const signedTargetUri of ['identity', 'transport'] as const) {
      test(`${name}, @target-uri the ${signedTargetUri}`, async () => {
        const route: Route = {
          identity: 'https://wallet.example',
          transport,
          headers: { 'X-Forwarded-Proto': 'https' },
          signedTargetUri,
        }
        const routing = new Routing([route])
        const opened = await open()
        try {
          const client = new OpenPaymentsClient({
            key,
            transport: routedTransport(routing, opened.transport),
            signedTargetUri: (url) => routing.signedTargetUri(url),
          })
          const { response } = await client.send({
            method: 'GET',
            url: 'https://wallet.example/accounts/alice',
            token: 't',
          })
          assert.deepEqual(response.json, {
            proxied: 'https://wallet.example/accounts/alice',
            verifiesAsProxied: signedTargetUri === 'identity',
            verifiesAsDirect: signedTargetUri === 'transport',
          })
        } finally {
          await opened.close()
        }
      })
    }
  }

  test('without a route the identity is not reachable (the route is what made it work)', async () => {
    const client = new OpenPaymentsClient({ key, transport: routedTransport(new Routing(), undiciTransport) })
    await assert.rejects(client.send({ method: 'GET', url: 'https://wallet.example.invalid/accounts/alice' }))
  })
})

describe('the report of a routed exchange', () => {
  test('shows the identity URL, and a curl line to the transport address with the route headers', () => {
    const routing = new Routing([
      {
        identity: 'https://127.0.0.1',
        transport: 'http://127.0.0.1:80',
        headers: { 'X-Forwarded-Proto': 'https' },
      },
    ])
    const request = {
      method: 'GET',
      url: 'https://127.0.0.1/accounts/alice',
      headers: { accept: 'application/json' },
    }
    const response = { status: 200, headers: {}, body: new Uint8Array(), text: '', json: undefined }
    const report = formatExchange({ request, response }, routing).split('\n')
    assert.equal(report[0], 'GET https://127.0.0.1/accounts/alice')
    assert.ok(report.includes('# sent to http://127.0.0.1/accounts/alice (a route of the target file)'))
    assert.match(
      report.at(-2) ?? '',
      /^curl .* 'http:\/\/127\.0\.0\.1\/accounts\/alice' .*-H 'host: 127\.0\.0\.1' -H 'x-forwarded-proto: https'/,
    )
  })
})
