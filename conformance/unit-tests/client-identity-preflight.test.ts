import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  type ExchangeResponse,
  generateClientKey,
  type OutgoingRequest,
  type Transport,
} from '../../clients/src/index.ts'
import { clientIdentityProblem } from '../harness/preflight/check-client-identity.ts'

const CLIENT = 'https://client.test/suite'
const RECEIVER = 'https://ase.test/bob'
const AUTH = 'https://auth.ase.test/'
const key = generateClientKey('k1')

const json = (status: number, body: unknown): ExchangeResponse => {
  const text = JSON.stringify(body)
  return { status, headers: {}, body: new TextEncoder().encode(text), text, json: body }
}

/** A target whose client JWKS holds `keys` and whose grant endpoint answers `grant`; it records what was sent. */
function targetWith(keys: unknown[], grant = json(200, { access_token: { value: 't' } })) {
  const sent: OutgoingRequest[] = []
  const transport: Transport = async (request) => {
    sent.push(request)
    if (request.url === `${CLIENT}/jwks.json`) return json(200, { keys })
    if (request.url === RECEIVER) return json(200, { id: RECEIVER, authServer: AUTH })
    if (request.url === AUTH && request.method === 'POST') return grant
    return json(404, {})
  }
  return { transport, sent }
}

const check = (transport: Transport, identity = { walletAddress: CLIENT, key }) =>
  clientIdentityProblem({ field: 'client', identity, receiver: RECEIVER, transport })

describe('pre-flight client identity', () => {
  test('a key in the JWKS under its keyId that the target accepts passes, after a signed grant request', async () => {
    const { transport, sent } = targetWith([key.publicJwk])
    assert.equal(await check(transport), undefined)
    const grant = sent.find((request) => request.method === 'POST')
    assert.ok(grant?.headers.signature && grant.headers['signature-input']?.includes('keyid="k1"'))
  })

  test('a keyId the JWKS does not list names client.keyId and the ids it has', async () => {
    const { transport } = targetWith([{ ...key.publicJwk, kid: 'other' }])
    assert.match((await check(transport)) ?? '', /^client\.keyId: .*has no key "k1" \(its key ids: "other"\)/)
  })

  test('a private key whose public half is not the listed key names client.privateKey', async () => {
    const { transport } = targetWith([generateClientKey('k1').publicJwk])
    assert.match((await check(transport)) ?? '', /^client\.privateKey: its public half is not the key "k1"/)
  })

  test('a JWKS that cannot be read names client.walletAddress', async () => {
    const transport: Transport = async () => json(404, { error: 'nope' })
    assert.match((await check(transport)) ?? '', /^client\.walletAddress: .*answered HTTP 404/)
  })

  test('an authServer that does not answer names the receiver, whose document names it, not the client', async () => {
    const { transport: answering } = targetWith([key.publicJwk])
    const transport: Transport = async (request) => {
      if (request.url !== AUTH) return answering(request)
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      })
    }
    assert.match(
      (await check(transport)) ?? '',
      /^walletAddresses\.receiver: its authServer https:\/\/auth\.ase\.test\/ \(named by https:\/\/ase\.test\/bob\) does not answer a grant request: .*ECONNREFUSED/,
    )
  })

  test('a target that refuses the signed grant request (401, invalid_client) names the client', async () => {
    for (const refusal of [
      json(401, { error: 'unauthorized' }),
      json(400, { error: { code: 'invalid_client' } }),
    ]) {
      const { transport } = targetWith([key.publicJwk], refusal)
      assert.match((await check(transport)) ?? '', /^client: the target does not accept the client identity/)
    }
  })

  test("another refusal is the tests' to judge, not a configuration error", async () => {
    const { transport } = targetWith([key.publicJwk], json(500, { error: 'boom' }))
    assert.equal(await check(transport), undefined)
  })
})
