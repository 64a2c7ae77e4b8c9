import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { asUriFollowed, revokedTokenDropped } from '../checks/revocation-checks.ts'
import { REVOKED_FAULT } from '../token-revocation.ts'
import { exchange, scenarioRun } from './fake-run.ts'

const PAYMENT = 'http://rs.test/incoming-payments/1'
const created = exchange({
  method: 'POST',
  url: 'http://rs.test/incoming-payments',
  headers: { authorization: 'GNAP old-token' },
  status: 201,
  fault: REVOKED_FAULT,
})
const read = (token: string, status: number, responseHeaders: Record<string, string> = {}) =>
  exchange({ url: PAYMENT, headers: { authorization: `GNAP ${token}` }, status, responseHeaders })
const grant = (url = 'http://as.test/') => exchange({ method: 'POST', url, server: 'auth', status: 200 })
const rotation = (status: number) =>
  exchange({
    method: 'POST',
    url: 'http://as.test/token/1',
    server: 'auth',
    headers: { authorization: 'GNAP old-token' },
    status,
  })
const outcome = (check: typeof revokedTokenDropped, exchanges: ReturnType<typeof exchange>[]) =>
  check(scenarioRun(exchanges))[0]!

describe('CL-REVOKED-TOKEN', () => {
  test('a new grant after the 401 passes', () => {
    const result = outcome(revokedTokenDropped, [created, read('old-token', 401), grant(), read('new', 200)])
    assert.equal(result.observed, 1)
    assert.equal(result.violations.length, 0)
  })

  test('the revoked token sent to the resource server after its 401 fails', () => {
    const result = outcome(revokedTokenDropped, [created, read('old-token', 401), read('old-token', 401)])
    assert.equal(result.violations.length, 1)
  })

  test('one rotation attempt is allowed; any use after the AS refused it too fails', () => {
    const tried = [created, read('old-token', 401), rotation(401)]
    assert.equal(outcome(revokedTokenDropped, tried).violations.length, 0)
    assert.equal(outcome(revokedTokenDropped, [...tried, rotation(401)]).violations.length, 1)
  })

  test('a client that never presented the revoked token again was never refused: nothing observed', () => {
    const result = outcome(revokedTokenDropped, [created, grant(), read('new', 200)])
    assert.equal(result.observed, 0)
    assert.equal(result.violations.length, 0)
  })
})

describe('CL-AS-URI', () => {
  const challenge = read('old-token', 401, { 'www-authenticate': 'GNAP as_uri="http://as.test/?via=x"' })

  test('the next grant request at the as_uri passes; one at another URL fails', () => {
    assert.equal(outcome(asUriFollowed, [challenge, grant('http://as.test/?via=x')]).violations.length, 0)
    assert.equal(outcome(asUriFollowed, [challenge, grant('http://as.test/')]).violations.length, 1)
  })

  test('no grant request after the 401 (the client told its caller): nothing observed', () => {
    assert.equal(outcome(asUriFollowed, [challenge]).observed, 0)
  })
})
