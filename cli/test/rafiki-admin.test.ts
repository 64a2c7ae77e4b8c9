import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import {
  adminRequest,
  canonicalJson,
  createWalletAddressKey,
  type RafikiAdmin,
  rafikiAdmin,
} from '../rafiki-admin.ts'

// Made up for the tests: no Rafiki's secret.
const SECRET = 'not-a-real-secret'
const TENANT = '438fa74a-fa7d-4317-9ced-dde32ece1787'
const WALLET_ADDRESS = 'https://127.0.0.1/accounts/wbdc'
const JWK = {
  kid: 'conformance-test',
  alg: 'EdDSA',
  kty: 'OKP',
  crv: 'Ed25519',
  x: 'Tk8WHUFjv9XUxXzv2OxMjoF9alvTVB1D1dcFMT47ThQ',
} as const

describe("Rafiki's admin API request", () => {
  test('is the recorded one: canonical body, tenant-id, and t=…, v1=HMAC-SHA256("<t>.<body>")', () => {
    const admin: RafikiAdmin = { url: 'http://127.0.0.1:3001/graphql', tenantId: TENANT, secret: SECRET }
    // Members given out of order: the body is sent sorted, as Rafiki canonicalizes it before hashing.
    const payload = {
      variables: { url: WALLET_ADDRESS },
      query: 'query WalletAddressByUrl($url: String!) { walletAddressByUrl(url: $url) { id address } }',
    }
    // Recorded: the digest is `printf '%s' "<t>.<body>" | openssl dgst -sha256 -hmac not-a-real-secret`.
    assert.deepEqual(adminRequest(admin, payload, 1764383520000), {
      url: 'http://127.0.0.1:3001/graphql',
      headers: {
        'content-type': 'application/json',
        'tenant-id': TENANT,
        signature: 't=1764383520000, v1=e67b4661649fe81aaa2d2413a1e2b081300ca458788cc6f8fb977b61b86c6324',
      },
      body:
        '{"query":"query WalletAddressByUrl($url: String!) { walletAddressByUrl(url: $url) { id address } }",' +
        '"variables":{"url":"https://127.0.0.1/accounts/wbdc"}}',
    })
  })

  test('canonical JSON sorts members at every depth and drops undefined ones', () => {
    assert.equal(
      canonicalJson({ b: [{ z: 1, a: 'é' }], a: undefined, c: null }),
      '{"b":[{"a":"é","z":1}],"c":null}',
    )
  })
})

describe('createWalletAddressKey against a stand-in for the admin API', () => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  let reject = false
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body })
      response.setHeader('content-type', 'application/json')
      if (reject) {
        response.statusCode = 401
        return response.end('Unauthorized')
      }
      const { query, variables } = JSON.parse(body)
      response.end(
        JSON.stringify(
          query.includes('walletAddressByUrl')
            ? { data: { walletAddressByUrl: { id: 'wa-1', address: variables.url } } }
            : {
                data: { createWalletAddressKey: { walletAddressKey: { id: 'k-1', jwk: { kid: JWK.kid } } } },
              },
        ),
      )
    })
  })
  let admin: RafikiAdmin
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    admin = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
      tenantId: TENANT,
      secret: SECRET,
    }
  })
  after(() => server.close())

  test('resolves the wallet address id by its URL, then adds the JWK under its kid, each request signed', async () => {
    await createWalletAddressKey(admin, WALLET_ADDRESS, JWK)
    assert.equal(received.length, 2)
    for (const { headers, body } of received) {
      assert.equal(headers['tenant-id'], TENANT)
      assert.equal(headers['content-type'], 'application/json')
      const [, t, v1] = /^t=(\d+), v1=([0-9a-f]{64})$/.exec(String(headers.signature)) ?? []
      assert.ok(t && Math.abs(Date.now() - Number(t)) < 60_000, String(headers.signature))
      assert.equal(v1, createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex'))
    }
    assert.deepEqual(JSON.parse(received[0]!.body).variables, { url: WALLET_ADDRESS })
    assert.equal(
      received[1]!.body,
      '{"query":"mutation CreateWalletAddressKey($input: CreateWalletAddressKeyInput!) { createWalletAddressKey(input: $input) ' +
        '{ walletAddressKey { id jwk { kid } } } }","variables":{"input":{"jwk":{"alg":"EdDSA","crv":"Ed25519",' +
        '"kid":"conformance-test","kty":"OKP","x":"Tk8WHUFjv9XUxXzv2OxMjoF9alvTVB1D1dcFMT47ThQ"},"walletAddressId":"wa-1"}}}',
    )
    // Two requests, two timestamps: Rafiki accepts a signature once.
    assert.notEqual(received[0]!.headers.signature, received[1]!.headers.signature)
  })

  test('a 401 names the tenant and the variable holding the secret, never the secret', async () => {
    reject = true
    await assert.rejects(createWalletAddressKey(admin, WALLET_ADDRESS, JWK), (error: Error) => {
      assert.match(
        error.message,
        new RegExp(`answered 401: no tenant ${TENANT}, or the secret in RAFIKI_ADMIN_SECRET is not its`),
      )
      assert.doesNotMatch(error.message, new RegExp(SECRET))
      return true
    })
  })
})

describe('the admin settings', () => {
  const loopback = 'https://127.0.0.1/accounts/wbdc'
  test('default to the backend on 127.0.0.1:3001 for a Rafiki on loopback; the secret comes from the environment', () => {
    assert.deepEqual(rafikiAdmin({ tenantId: TENANT }, { RAFIKI_ADMIN_SECRET: SECRET }, loopback, true), {
      url: 'http://127.0.0.1:3001/graphql',
      tenantId: TENANT,
      secret: SECRET,
    })
    assert.equal(rafikiAdmin({}, {}, loopback, true), undefined)
  })

  test('name what is missing', () => {
    assert.throws(
      () => rafikiAdmin({ tenantId: TENANT }, {}, loopback, true),
      /needs the tenant's API secret in RAFIKI_ADMIN_SECRET/,
    )
    assert.throws(
      () => rafikiAdmin({}, { RAFIKI_ADMIN_SECRET: SECRET }, loopback, true),
      /needs --admin-tenant \(or RAFIKI_ADMIN_TENANT_ID\)/,
    )
    const remote = 'https://wallet.example/alice'
    assert.throws(
      () => rafikiAdmin({ tenantId: TENANT }, { RAFIKI_ADMIN_SECRET: SECRET }, remote, true),
      /give --admin-url/,
    )
    assert.throws(
      () => rafikiAdmin({ url: 'ftp://x', tenantId: 'a' }, { RAFIKI_ADMIN_SECRET: SECRET }, remote, true),
      /--admin-url must be/,
    )
    assert.throws(() => rafikiAdmin({ tenantId: TENANT }, {}, loopback, false), /add --template rafiki/)
    // Only the environment, for another template: ignored, as a CI job's environment may hold it for every target.
    assert.equal(rafikiAdmin({}, { RAFIKI_ADMIN_SECRET: SECRET }, loopback, false), undefined)
  })
})
