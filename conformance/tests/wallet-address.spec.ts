import { randomUUID } from 'node:crypto'
import {
  covers,
  expect,
  held,
  isHttpUrl,
  notApplicable,
  OPERATIONS,
  rule,
  type TargetFile,
  test,
  warn,
} from '../fixtures/conformance-test.ts'

type Role = keyof TargetFile['walletAddresses']
const ROLES: Role[] = ['sender', 'receiver', 'otherAsset']

function addressOf(target: TargetFile, role: Role): string | undefined {
  return target.walletAddresses[role]
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '')
}

function keysCall(walletAddress: string) {
  const url = `${withoutTrailingSlash(walletAddress)}/jwks.json`
  return { operation: OPERATIONS.getWalletAddressKeys, method: 'GET' as const, url }
}

test.describe('wallet address server', () => {
  for (const role of ROLES) {
    test(
      `the ${role} wallet address document`,
      covers('WA-DOC', 'WA-DOC-ID', 'WA-ASSET', 'WA-URLS'),
      async ({ api, target }) => {
        const url = addressOf(target, role)
        notApplicable(!url, `the target file gives no walletAddresses.${role}`)

        const exchange = await api.send({ operation: OPERATIONS.getWalletAddress, method: 'GET', url: url! })
        expect(exchange).toAnswer(200, 'WA-DOC', 'GET <walletAddress>')
        const { response } = exchange
        const doc = response.json as Record<string, unknown>
        expect(Object.keys(doc), rule('WA-DOC', 'the document has the required fields')).toEqual(
          expect.arrayContaining(['id', 'assetCode', 'assetScale', 'authServer', 'resourceServer']),
        )
        expect(doc.assetCode, rule('WA-ASSET', 'assetCode is a non-empty string')).toEqual(
          expect.stringMatching(/\S/),
        )
        expect(
          Number.isInteger(doc.assetScale),
          rule('WA-ASSET', `assetScale ${doc.assetScale} is an integer`),
        ).toBe(true)
        expect(doc.assetScale as number, rule('WA-ASSET', 'assetScale is at most 255')).toBeLessThanOrEqual(
          255,
        )
        expect(
          doc.assetScale as number,
          rule('WA-ASSET', 'assetScale is not negative'),
        ).toBeGreaterThanOrEqual(0)
        for (const field of ['authServer', 'resourceServer']) {
          const value = String(doc[field])
          expect(
            isHttpUrl(value),
            rule('WA-URLS', `${field} ${JSON.stringify(value)} is an http(s) URL`),
          ).toBe(true)
        }
        if (withoutTrailingSlash(String(doc.id)) !== withoutTrailingSlash(url!)) {
          warn('WA-DOC-ID', `document id ${JSON.stringify(doc.id)} differs from the URL fetched, ${url}`)
        } else held('WA-DOC-ID', `document id ${JSON.stringify(doc.id)} is the URL fetched`)
      },
    )

    test(`the ${role} wallet address keys`, covers('WA-JWKS'), async ({ api, target }) => {
      const url = addressOf(target, role)
      notApplicable(!url, `the target file gives no walletAddresses.${role}`)

      const exchange = await api.send(keysCall(url!))
      expect(exchange).toAnswer(200, 'WA-JWKS', 'GET <walletAddress>/jwks.json')
      // Taken as answered: the keys array and each key's x are what WA-JWKS itself checks.
      const keys = (exchange.response.json as { keys?: unknown }).keys
      expect(Array.isArray(keys), rule('WA-JWKS', 'the document has a keys array')).toBe(true)
      for (const key of keys as { kid: string; x: string }[]) {
        const bytes = Buffer.from(key.x, 'base64url').byteLength
        expect(bytes, rule('WA-JWKS', `key ${key.kid}: x decodes to a 32-byte Ed25519 key`)).toBe(32)
      }
    })
  }

  test('an unknown wallet address', covers('WA-NOT-FOUND'), async ({ api, target }) => {
    const unknown = `${withoutTrailingSlash(target.walletAddresses.sender)}-unknown-${randomUUID()}`

    const exchange = await api.send({ operation: OPERATIONS.getWalletAddress, method: 'GET', url: unknown })
    expect(exchange).toAnswer(404, 'WA-NOT-FOUND', `GET ${unknown}`)
    const { response } = exchange
    if (response.body.byteLength === 0) {
      warn('WA-NOT-FOUND', 'the 404 has an empty body; every response body should be JSON')
    } else {
      expect(typeof response.json, rule('WA-NOT-FOUND', 'the 404 body is a JSON object')).toBe('object')
    }
  })
})
