import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { after, before, test } from 'node:test'
import { promisify } from 'node:util'
import type { OutgoingRequest } from '../src/http-message.ts'
import { generateClientKey } from '../src/keys.ts'
import { OpenPaymentsClient } from '../src/open-payments-client.ts'
import { toCurl } from '../src/to-curl.ts'
import { type EchoServer, startEchoServer } from './echo-server.ts'

const run = promisify(execFile)
const client = new OpenPaymentsClient({ key: generateClientKey('client-key') })
let server: EchoServer

before(async () => {
  try {
    await run('curl', ['--version'])
  } catch (cause) {
    throw new Error('curl is required to test toCurl but could not be run (is it installed and on PATH?)', {
      cause,
    })
  }
  server = await startEchoServer()
})
after(() => server?.close())

async function replayWithCurl(req: OutgoingRequest) {
  const before = server.received.length
  await run('bash', ['-c', toCurl(req)])
  assert.equal(server.received.length, before + 1, 'curl did not reach the echo server exactly once')
  const received = server.received.at(-1)!
  assert.equal(received.method, req.method)
  assert.equal(received.url, req.url)
  assert.deepEqual(received.body, req.body ?? new Uint8Array())
  for (const [name, value] of Object.entries(req.headers)) assert.equal(received.headers[name], value, name)
  const added = Object.keys(received.headers).filter((name) => !(name in req.headers))
  assert.deepEqual(added, ['host'], 'curl must not add headers of its own')
}

test('a signed JSON request with quotes and non-ASCII text replays identically', async () => {
  await replayWithCurl(
    await client.prepare({
      method: 'POST',
      url: `${server.origin}/incoming-payments?a=[1]&b={x}`,
      token: "tok'en",
      json: { note: 'it\'s "quoted" — ünïcode\n$HOME `x` \\ %s' },
    }),
  )
})

test('a GET without body replays identically', async () => {
  await replayWithCurl(await client.prepare({ method: 'GET', url: `${server.origin}/incoming-payments/1` }))
})

test('non-UTF-8 bytes, NUL, a leading @ and an empty body replay identically', async () => {
  for (const rawBody of [
    Uint8Array.from([0x40, 0x00, 0xff, 0x25, 0x27, 0x5c, 0x0a, 0x7f, 0x80, 0x41]),
    '@/etc/passwd',
    '',
  ]) {
    await replayWithCurl(
      await client.prepare({
        method: 'PUT',
        url: `${server.origin}/raw`,
        rawBody,
        headers: { 'content-type': 'application/octet-stream', 'x-empty': '' },
      }),
    )
  }
})
