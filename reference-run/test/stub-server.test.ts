import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { freePorts } from '../free-ports.ts'
import { type StubServer, startStubServer } from '../stub-server/stub-server.ts'

describe('the OpenAPI-example stub', () => {
  let stub: StubServer
  before(async () => {
    stub = await startStubServer(await freePorts(1))
  })
  after(() => stub.close())

  const get = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${stub.url}${path}`, init)
    return { status: response.status, body: response.status === 204 ? undefined : await response.json() }
  }

  test('serves a wallet address at any path, its servers on the stub, and a key set', async () => {
    assert.deepEqual((await get('/alice')).body, {
      id: `${stub.url}/alice`,
      publicName: 'Alice',
      assetCode: 'USD',
      assetScale: 2,
      authServer: `${stub.url}/auth`,
      resourceServer: stub.url,
    })
    assert.deepEqual(await get('/alice/jwks.json'), { status: 200, body: { keys: [] } })
  })

  test('answers each operation with its first example, whatever was asked, every URL moved onto the stub', async () => {
    const grant = await get('/auth', { method: 'POST', body: '{}' })
    assert.equal(grant.status, 200)
    assert.equal(grant.body.continue.uri, `${stub.url}/auth/continue/4CF492MLVMSW9MKMXKHQ`)
    const created = await get('/incoming-payments', { method: 'POST', body: 'not even JSON' })
    assert.equal(created.status, 201)
    assert.match(created.body.id, new RegExp(`^${stub.url}/incoming-payments/`))
    assert.equal((await get('/quotes/anything')).status, 200)
    assert.equal((await get('/auth/token/x', { method: 'DELETE' })).status, 204)
  })

  test('what no document describes is a 404 with the error envelope', async () => {
    const unknown = await get('/nothing-here', { method: 'POST' })
    assert.equal(unknown.status, 404)
    assert.equal(unknown.body.error.code, 'not_found')
  })
})
