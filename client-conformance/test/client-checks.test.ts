import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { contentDigest } from '../../clients/src/index.ts'
import { continueWait, tokenExpiry } from '../checks/grant-checks.ts'
import { amountStrings, listBounds, quoteAmounts } from '../checks/request-form-checks.ts'
import { contentDigests, keyIds, signedResourceRequests } from '../checks/signature-checks.ts'
import { exchange, fakeAse, scenarioRun, signedWithKey } from './fake-run.ts'

const body = '{"walletAddress":"http://rs.test/bob"}'
const signed = (components: string, extra: Record<string, string> = {}) => ({
  authorization: 'GNAP token-1',
  signature: 'sig1=:AAAA:',
  'signature-input': `sig1=(${components});keyid="${fakeAse.client.keyId}";created=1`,
  ...extra,
})
const violationsOf = (outcomes: { violations: unknown[] }[]) => outcomes[0]!.violations.length

describe('client checks', () => {
  const create = (headers: Record<string, string>, sent = body) =>
    exchange({ method: 'POST', url: 'http://rs.test/incoming-payments', headers, body: sent, status: 201 })
  const full = '"@method" "@target-uri" "authorization" "content-digest"'

  test('a signed resource request over the required components passes; one without authorization fails', async () => {
    const good = create(await signedWithKey('POST', 'http://rs.test/incoming-payments', body))
    const bad = create(signed('"@method" "@target-uri"'))
    assert.equal(violationsOf(signedResourceRequests(scenarioRun([good]))), 0)
    assert.equal(violationsOf(signedResourceRequests(scenarioRun([bad]))), 1)
  })

  test('an unsigned resource request with a token fails CL-SIGNED', () => {
    const unsigned = exchange({
      url: 'http://rs.test/outgoing-payments/1',
      headers: { authorization: 'GNAP t' },
    })
    assert.equal(violationsOf(signedResourceRequests(scenarioRun([unsigned]))), 1)
  })

  test('get-incoming-payment may go unsigned: the spec does not mark its signature headers required', () => {
    const read = exchange({ url: 'http://rs.test/incoming-payments/1', headers: { authorization: 'GNAP t' } })
    assert.equal(signedResourceRequests(scenarioRun([read]))[0]!.observed, 0)
  })

  test('content-digest must be covered and match the exact bytes', () => {
    const digest = contentDigest(new TextEncoder().encode(body))
    const good = create(signed(full, { 'content-digest': digest }))
    const uncovered = create(signed('"@method" "@target-uri" "authorization"', { 'content-digest': digest }))
    const otherBytes = create(signed(full, { 'content-digest': digest }), `${body} `)
    assert.equal(violationsOf(contentDigests(scenarioRun([good]))), 0)
    assert.equal(violationsOf(contentDigests(scenarioRun([uncovered]))), 1)
    assert.equal(violationsOf(contentDigests(scenarioRun([otherBytes]))), 1)
  })

  test('keyid must be the JWK kid', () => {
    const wrong = create({ ...signed(full), 'signature-input': `sig1=(${full});keyid="other";created=1` })
    assert.equal(violationsOf(keyIds(scenarioRun([create(signed(full))]))), 0)
    assert.equal(violationsOf(keyIds(scenarioRun([wrong]))), 1)
  })

  test('amount values must be uint64 strings', () => {
    const amount = (value: unknown) =>
      create(signed(full), JSON.stringify({ incomingAmount: { value, assetCode: 'USD', assetScale: 2 } }))
    assert.equal(violationsOf(amountStrings(scenarioRun([amount('18446744073709551615')]))), 0)
    for (const value of [500, '18446744073709551616', '-1', '1.5'])
      assert.equal(violationsOf(amountStrings(scenarioRun([amount(value)]))), 1, String(value))
  })

  test('first and last must be from 1 to 100', () => {
    const list = (query: string) =>
      exchange({ url: `http://rs.test/incoming-payments?wallet-address=x&${query}` })
    assert.equal(violationsOf(listBounds(scenarioRun([list('first=100'), list('last=1&cursor=c')]))), 0)
    assert.equal(violationsOf(listBounds(scenarioRun([list('first=101')]))), 1)
    assert.equal(violationsOf(listBounds(scenarioRun([list('last=0')]))), 1)
  })

  test('a quote gives one amount, or none when the receiver has an incomingAmount', () => {
    const amount = { value: '5', assetCode: 'USD', assetScale: 2 }
    const ip = exchange({
      method: 'POST',
      url: 'http://rs.test/incoming-payments',
      status: 201,
      response: { id: 'http://rs.test/incoming-payments/1', incomingAmount: amount },
    })
    const quote = (fields: object) =>
      exchange({
        method: 'POST',
        url: 'http://rs.test/quotes',
        body: JSON.stringify({ receiver: 'http://rs.test/incoming-payments/1', ...fields }),
      })
    assert.equal(violationsOf(quoteAmounts(scenarioRun([ip, quote({ debitAmount: amount })]))), 0)
    assert.equal(violationsOf(quoteAmounts(scenarioRun([ip, quote({})]))), 0)
    const both = quote({ debitAmount: amount, receiveAmount: amount })
    assert.equal(violationsOf(quoteAmounts(scenarioRun([ip, both]))), 1)
  })

  test('no continuation before continue.wait; none after expires_in with a token', () => {
    const grant = exchange({
      method: 'POST',
      url: 'http://as.test/',
      response: { continue: { uri: 'http://as.test/continue/1', wait: 3, access_token: { value: 'c' } } },
      respondedAt: 1000,
    })
    const cont = (at: number) =>
      exchange({ method: 'POST', url: 'http://as.test/continue/1', receivedAt: at, body: '{}' })
    assert.equal(violationsOf(continueWait(scenarioRun([grant, cont(4000)]))), 0)
    assert.equal(violationsOf(continueWait(scenarioRun([grant, cont(3500)]))), 1)
    // The client may see the answer a little before the proxy timed it: 200 ms early is on time.
    assert.equal(violationsOf(continueWait(scenarioRun([grant, cont(3850)]))), 0)

    const issued = exchange({
      method: 'POST',
      url: 'http://as.test/',
      response: { access_token: { value: 'short', manage: 'http://as.test/token/1', expires_in: 2 } },
      respondedAt: 1000,
    })
    const use = (at: number) =>
      exchange({
        url: 'http://rs.test/incoming-payments/1',
        headers: { authorization: 'GNAP short' },
        receivedAt: at,
      })
    assert.equal(violationsOf(tokenExpiry(scenarioRun([issued, use(2900)]))), 0)
    assert.equal(violationsOf(tokenExpiry(scenarioRun([issued, use(3500)]))), 1)
  })
})
