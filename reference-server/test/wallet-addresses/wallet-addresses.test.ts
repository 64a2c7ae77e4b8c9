import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { JWKS, WalletAddress } from '@interledger/open-payments'
import { request } from 'undici'
import { type RunningServer, startServer } from '../../src/server.ts'
import { databaseVariants, getJson, testConfig } from '../support/helpers.ts'

for (const variant of databaseVariants('wallet-addresses')) {
  describe(`wallet address server (${variant.name})`, () => {
    let server: RunningServer

    before(async () => {
      server = await startServer(
        testConfig({ ...(await variant.setUp()), AUTH_PUBLIC_URL: 'http://auth.test' }),
      )
    })

    after(async () => {
      await server?.close()
      await variant.tearDown()
    })

    it('serves the wallet address document', async () => {
      const { response, body } = await getJson(`${server.url}/alice`)
      assert.equal(response.status, 200)
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/)
      assert.match(response.headers.get('cache-control') ?? '', /max-age=\d+/)
      const expected: WalletAddress = {
        id: `${server.url}/alice`,
        publicName: 'Alice',
        assetCode: 'USD',
        assetScale: 2,
        authServer: 'http://auth.test',
        resourceServer: server.url,
      }
      assert.deepEqual(body, expected)
    })

    it('omits publicName when the address has none, and keeps assetScale a number', async () => {
      const { body } = await getJson(`${server.url}/bob`)
      assert.deepEqual(Object.keys(body as object).sort(), [
        'assetCode',
        'assetScale',
        'authServer',
        'id',
        'resourceServer',
      ])
      assert.equal(typeof (body as WalletAddress).assetScale, 'number')
    })

    it('lists the seeded wallet addresses by URL', () => {
      assert.deepEqual(
        server.walletAddresses,
        ['alice', 'bob', 'carol'].map((name) => `${server.url}/${name}`),
      )
    })

    it('serves the keys of an address', async () => {
      const { response, body } = await getJson(`${server.url}/alice/jwks.json`)
      assert.equal(response.status, 200)
      const expected: JWKS = {
        keys: [
          {
            kid: 'test-key-ed25519',
            alg: 'EdDSA',
            kty: 'OKP',
            crv: 'Ed25519',
            x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs',
          },
        ],
      }
      assert.deepEqual(body, expected)
      assert.deepEqual((await getJson(`${server.url}/bob/jwks.json`)).body, { keys: [] })
    })

    it('answers a known address before Express exactly as Express does', async () => {
      // What Express answers itself: a trailing slash, a query, a conditional request.
      const viaExpress = ['/alice/', '/alice?x=1', '/alice/jwks.json/']
      const [fast, ...others] = await Promise.all(
        ['/alice', ...viaExpress].map((path) =>
          fetch(`${server.url}${path}`, { headers: { 'x-request-id': 'req-1' } }),
        ),
      )
      const seen = async (response: Response | undefined) => {
        assert.ok(response)
        const headers: [string, string][] = []
        response.headers.forEach((value, name) => {
          if (name !== 'date') headers.push([name, value])
        })
        return { status: response.status, headers, body: await response.text() }
      }
      const expected = await seen(fast)
      assert.equal(expected.status, 200)
      assert.deepEqual(await seen(others[0]), expected)
      assert.deepEqual(await seen(others[1]), expected)
      const keys = await seen(
        await fetch(`${server.url}/alice/jwks.json`, { headers: { 'x-request-id': 'req-1' } }),
      )
      assert.deepEqual(await seen(others[2]), keys)
      // Through undici's request: fetch would add Cache-Control: no-cache to a conditional request.
      const conditional = await request(`${server.url}/alice`, { headers: { 'if-none-match': '*' } })
      assert.equal(conditional.statusCode, 304)
    })

    for (const path of ['/nobody', '/nobody/jwks.json', '/ALICE']) {
      it(`answers 404 with the error envelope for ${path}`, async () => {
        const { response, body } = await getJson(`${server.url}${path}`)
        assert.equal(response.status, 404)
        assert.deepEqual(body, {
          error: { code: 'not_found', description: 'There is no wallet address with this name.' },
        })
      })
    }
  })
}
