import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { parseTarget } from '../../conformance/harness/target/load-target.ts'
import { checkLive } from '../live-check.ts'
import { validateCommand } from '../validate-command.ts'

const ROOT = new URL('../..', import.meta.url).pathname
/** Nothing listens there: connecting is refused at once. */
const NOWHERE = 'http://127.0.0.1:9/auth'

// alice and bob are right; renamed says it is someone else; lost names an authServer nobody answers at.
const server = createServer((request, response) => {
  const origin = `http://${request.headers.host}`
  const name = request.url?.split('/')[1] ?? ''
  const document = {
    id: `${origin}/${name === 'renamed' ? 'someone-else' : name}`,
    assetCode: 'USD',
    assetScale: 2,
    authServer: name === 'lost' ? NOWHERE : `${origin}/auth`,
    resourceServer: origin,
  }
  const known = ['alice', 'bob', 'renamed', 'lost'].includes(name)
  // A server's root may be 404: an answer all the same.
  response.statusCode = known ? 200 : 404
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify(known ? document : {}))
})
let origin = ''

function target(sender: string, receiver: string) {
  const value = { name: 'live', walletAddresses: { sender, receiver }, client: { serveLocally: true } }
  return parseTarget(value, 'target.json', ROOT)
}

describe('validate --live', () => {
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  after(() => server.close())

  test('a correct pair of addresses has no problem; their servers answer, 404 or not', async () => {
    const { problems } = await checkLive(target(`${origin}/alice`, `${origin}/bob`))
    assert.deepEqual(problems, [])
  })

  test('names a receiver that is the sender', async () => {
    const { problems } = await checkLive(target(`${origin}/alice`, `${origin}/alice/`))
    assert.deepEqual(problems, [
      "walletAddresses.receiver: the sender itself; give another wallet address in the sender's asset (a payment to oneself proves nothing)",
    ])
  })

  test('names a document whose id is not the address fetched, and a server the document names that does not answer', async () => {
    const { problems } = await checkLive(target(`${origin}/renamed`, `${origin}/lost`))
    assert.equal(problems.length, 2, problems.join('\n'))
    assert.match(
      problems[0]!,
      /^walletAddresses\.sender .*\/renamed: the document's id is .*\/someone-else; name/,
    )
    assert.match(
      problems[1]!,
      /^walletAddresses\.receiver: its authServer http:\/\/127\.0\.0\.1:9\/auth does not answer: .*ECONNREFUSED/,
    )
  })

  test('a client target file given to validate says what it is and which command reads it', async () => {
    const file = 'client-conformance/target/example-client-target.json'
    await assert.rejects(
      validateCommand([`${ROOT}${file}`]),
      /is a client target file .* read, and checked, by: npx --no-install op-conformance client --target/,
    )
  })
})
