import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { createHmac, generateKeyPairSync } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'

const ROOT = new URL('../..', import.meta.url).pathname
const dir = mkdtempSync(join(tmpdir(), 'op-conformance-init-rafiki-'))
// Made up for the test: no Rafiki's secret.
const SECRET = 'not-a-real-secret'
const TENANT = 'tenant-1'

function opConformance(
  env: NodeJS.ProcessEnv,
  ...args: string[]
): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'node',
      [join(ROOT, 'cli/op-conformance.mjs'), ...args],
      { cwd: dir, env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code) : 0, stdout, stderr }),
    )
  })
}

// A stand-in for a Rafiki: its seeded wallet addresses, their JWKS, and an admin API that checks each signature.
const jwks = new Map<string, object[]>()
const server = createServer((request, response) => {
  const origin = `http://${request.headers.host}`
  let body = ''
  request.on('data', (chunk) => (body += chunk))
  request.on('end', () => {
    response.setHeader('content-type', 'application/json')
    const path = request.url ?? ''
    if (path === '/graphql')
      return response.end(JSON.stringify(admin(String(request.headers.signature), body)))
    const name = path.replace(/^\/accounts\//, '').replace(/\/jwks\.json$/, '')
    if (!['bhamchest', 'gfranklin', 'lrossi', 'wbdc', 'broke'].includes(name)) {
      response.statusCode = 404
      return response.end('{}')
    }
    const address = `${origin}/accounts/${name}`
    if (path.endsWith('/jwks.json')) return response.end(JSON.stringify({ keys: jwks.get(address) ?? [] }))
    response.end(
      JSON.stringify({
        id: address,
        assetCode: name === 'lrossi' ? 'EUR' : 'USD',
        assetScale: 2,
        authServer: `${origin}/auth`,
        resourceServer: origin,
      }),
    )
  })
})

function admin(signature: string, body: string): object {
  const [, t, v1] = /^t=(\d+), v1=([0-9a-f]{64})$/.exec(signature) ?? []
  if (v1 !== createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex'))
    return { errors: [{ message: 'bad signature' }] }
  const { query, variables } = JSON.parse(body)
  if (query.includes('walletAddressByUrl'))
    return { data: { walletAddressByUrl: { id: variables.url, address: variables.url } } }
  const { walletAddressId, jwk } = variables.input
  jwks.set(walletAddressId, [...(jwks.get(walletAddressId) ?? []), jwk])
  return { data: { createWalletAddressKey: { walletAddressKey: { id: 'k', jwk: { kid: jwk.kid } } } } }
}

let origin = ''
describe('op-conformance init --template rafiki', () => {
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  after(() => server.close())

  test('registers a new key on the client and a second client through the admin API, and sees it published', async () => {
    const init = await opConformance(
      { RAFIKI_ADMIN_SECRET: SECRET },
      'init',
      `${origin}/accounts/bhamchest`,
      '--template',
      'rafiki',
      '--admin-url',
      `${origin}/graphql`,
      '--admin-tenant',
      TENANT,
      '--output',
      'target.json',
    )
    assert.equal(init.status, 0, init.stdout + init.stderr)
    assert.doesNotMatch(init.stdout + init.stderr, new RegExp(SECRET))
    const target = JSON.parse(readFileSync(join(dir, 'target.json'), 'utf8'))
    const kid = target.client.keyId
    assert.match(init.stdout, new RegExp(`client ${origin}/accounts/bhamchest: registered kid ${kid}`))
    assert.deepEqual(target.walletAddresses, {
      sender: `${origin}/accounts/bhamchest`,
      receiver: `${origin}/accounts/gfranklin`,
      otherAsset: `${origin}/accounts/lrossi`,
    })
    assert.deepEqual(target.secondClient, {
      walletAddress: `${origin}/accounts/broke`,
      keyId: kid,
      privateKeyFile: './target-client.pem',
    })
    assert.deepEqual(target.capabilities, { unfundedPaymentsFail: true })
    // http:// identities answer where they say: no route.
    assert.equal(target.routes, undefined)
  })

  test('with an existing key and no --key-id, finds and prints its kid on each client', async () => {
    const init = await opConformance(
      {},
      'init',
      `${origin}/accounts/bhamchest`,
      '--template',
      'rafiki',
      '--key',
      'target-client.pem',
      '--output',
      'again.json',
    )
    assert.equal(init.status, 0, init.stdout + init.stderr)
    const { client, secondClient } = JSON.parse(readFileSync(join(dir, 'target.json'), 'utf8'))
    const again = JSON.parse(readFileSync(join(dir, 'again.json'), 'utf8'))
    assert.equal(again.client.keyId, client.keyId)
    assert.equal(again.secondClient.keyId, secondClient.keyId)
    assert.match(
      init.stdout,
      new RegExp(`client ${origin}/accounts/bhamchest: the key is published as kid ${client.keyId}`),
    )
    assert.match(
      init.stdout,
      new RegExp(`secondClient ${origin}/accounts/broke: the key is published as kid ${secondClient.keyId}`),
    )
    assert.doesNotMatch(init.stdout, /public key \(JWK\)/)
  })

  test('with a key published nowhere and no --key-id, stops before writing, naming the field', async () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' })
    writeFileSync(join(dir, 'unknown.pem'), pem, { mode: 0o600 })
    const init = await opConformance(
      {},
      'init',
      `${origin}/accounts/bhamchest`,
      '--template',
      'rafiki',
      '--key',
      'unknown.pem',
      '--output',
      'unknown.json',
    )
    assert.equal(init.status, 2)
    assert.match(
      init.stderr,
      /client\.walletAddress: \S+\/accounts\/bhamchest\/jwks\.json publishes the key of --key under no kid; give --key-id/,
    )
    assert.equal(existsSync(join(dir, 'unknown.json')), false)
  })
})

describe('a bare init that cannot reach an https:// wallet address', () => {
  test('suggests --template rafiki and routes', async () => {
    // A port nothing listens on: the server's own, once closed.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const init = await opConformance(
      {},
      'init',
      `https://127.0.0.1:${port}/accounts/bhamchest`,
      '--receiver',
      `https://127.0.0.1:${port}/accounts/gfranklin`,
      '--output',
      'bare.json',
    )
    assert.equal(init.status, 2)
    assert.match(init.stderr, new RegExp(`ECONNREFUSED 127\\.0\\.0\\.1:${port}.*; no file written`))
    assert.match(init.stderr, /If it is a Rafiki on this machine[\s\S]*--template rafiki[\s\S]*"routes"/)
  })
})
