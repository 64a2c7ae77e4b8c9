import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Exchange } from '../../clients/src/index.ts'
import { formatExchange, summarize } from '../harness/http/format-exchange.ts'
import { redactTokens, tokenFingerprint } from '../harness/http/redact-tokens.ts'

const ACCESS = 'OS9M2PMHKUR64TB8N6BW7OZB8CPBKJAT'
const CONTINUATION = '33OMUKMKSKU80UPRY5NM'
const body = {
  access_token: { value: ACCESS, manage: 'https://auth.test/token/1', access: [] },
  continue: { access_token: { value: CONTINUATION }, uri: 'https://auth.test/continue/1' },
}
const text = JSON.stringify(body)

const exchange: Exchange = {
  request: {
    method: 'POST',
    url: 'https://auth.test/continue/1',
    headers: { authorization: `GNAP ${CONTINUATION}`, 'content-type': 'application/json' },
    body: new TextEncoder().encode('{"interact_ref":"r"}'),
  },
  response: { status: 200, headers: {}, body: new TextEncoder().encode(text), text, json: body },
}

describe('token redaction', () => {
  test('an exchange, its curl line and its summary show fingerprints, never a token value', () => {
    for (const shown of [formatExchange(exchange), summarize(exchange)]) {
      assert.ok(!shown.includes(ACCESS) && !shown.includes(CONTINUATION), shown)
      assert.ok(shown.includes(tokenFingerprint(ACCESS)) || shown.includes(tokenFingerprint(CONTINUATION)))
    }
    assert.match(formatExchange(exchange), /authorization: GNAP «token sha256:[0-9a-f]{12}»/)
    assert.match(formatExchange(exchange), /-H 'authorization: GNAP «token sha256:[0-9a-f]{12}»'/)
  })

  test('a token seen once is redacted wherever it appears later, e.g. in an assertion message', () => {
    formatExchange(exchange)
    assert.equal(redactTokens(`Received: "${ACCESS}"`), `Received: "${tokenFingerprint(ACCESS)}"`)
  })

  test('the as_uri challenge of WWW-Authenticate is shown as it is: it carries no token', () => {
    const challenge = 'www-authenticate: GNAP as_uri="http://127.0.0.1:3401/"'
    assert.equal(redactTokens(challenge), challenge)
  })

  test('text redacted twice keeps one fingerprint per token (an exchange inside an assertion message)', () => {
    const once = redactTokens(`authorization: GNAP ${ACCESS}`)
    assert.equal(redactTokens(once), once)
    assert.equal(once, `authorization: GNAP ${tokenFingerprint(ACCESS)}`)
  })

  test('the same value always has the same fingerprint, another value another one', () => {
    assert.equal(tokenFingerprint(ACCESS), tokenFingerprint(ACCESS))
    assert.notEqual(tokenFingerprint(ACCESS), tokenFingerprint(CONTINUATION))
  })
})

describe('sharedSecret', () => {
  test("an incoming payment's sharedSecret is shown by its first characters only", () => {
    const secret = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXpxdXV4cXV1eHF1dXg'
    const json = {
      id: 'https://rs.test/incoming-payments/1',
      methods: [{ type: 'ilp', sharedSecret: secret }],
    }
    const text = JSON.stringify(json)
    const received: Exchange = {
      request: { method: 'GET', url: json.id, headers: {} },
      response: { status: 200, headers: {}, body: new TextEncoder().encode(text), text, json },
    }
    for (const shown of [formatExchange(received), summarize(received)]) {
      assert.ok(!shown.includes(secret), shown)
      assert.match(shown, /"sharedSecret": ?"Zm9vYm… \(43 characters\)"/)
    }
  })
})
