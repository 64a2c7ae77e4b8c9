import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { continuationForm, continueWait } from '../checks/grant-checks.ts'
import { listWalked } from '../checks/outcome-checks.ts'
import { REQUEST_BUDGET, withinBudget } from '../checks/request-budget.ts'
import { contentDigests, signedResourceRequests } from '../checks/signature-checks.ts'
import { gnapScheme, tokenAccess } from '../checks/token-checks.ts'
import { SCENARIOS } from '../scenarios.ts'
import { exchange, scenarioRun, signedWithKey } from './fake-run.ts'

const violations = (outcomes: { violations: { message: string }[] }[]) =>
  outcomes.flatMap((o) => o.violations.map((v) => v.message))

describe('what the ASE would refuse is a finding', () => {
  test('CL-SIGNED: a signature reused from another request does not verify, and the ASE answer is named', async () => {
    const url = 'http://rs.test/outgoing-payments/1'
    const first = await signedWithKey('GET', url)
    const good = exchange({ url, headers: first })
    const reused = exchange({
      url: 'http://rs.test/outgoing-payments/2',
      headers: first,
      status: 401,
      response: {
        error: {
          code: 'invalid_client',
          description: "The signature does not verify with the client's key.",
        },
      },
    })
    assert.deepEqual(violations(signedResourceRequests(scenarioRun([good]))), [])
    const [message] = violations(signedResourceRequests(scenarioRun([reused])))
    assert.match(message!, /does not verify with the client's published key/)
    assert.match(message!, /the ASE answered 401 invalid_client: The signature does not verify/)
  })

  test('CL-SIGNED: grant requests are verified and must be signed', async () => {
    const body = '{"access_token":{"access":[]}}'
    const headers = await signedWithKey('POST', 'http://as.test/', body)
    const ok = exchange({ method: 'POST', url: 'http://as.test/', headers, body })
    const tampered = exchange({
      method: 'POST',
      url: 'http://as.test/',
      headers: { ...headers, authorization: 'GNAP x' },
      body,
    })
    const unsigned = exchange({ method: 'POST', url: 'http://as.test/', body })
    assert.deepEqual(violations(signedResourceRequests(scenarioRun([ok]))), [])
    assert.equal(violations(signedResourceRequests(scenarioRun([tampered]))).length, 1)
    assert.equal(violations(signedResourceRequests(scenarioRun([unsigned]))).length, 1)
  })

  test('CL-CONTENT-DIGEST: a grant request whose digest is of other bytes fails', async () => {
    const body = '{"a":1}'
    const headers = await signedWithKey('POST', 'http://as.test/', body)
    const pretty = exchange({ method: 'POST', url: 'http://as.test/', headers, body: '{\n  "a": 1\n}' })
    assert.equal(violations(contentDigests(scenarioRun([pretty]))).length, 1)
  })

  test('CL-GNAP-SCHEME: Bearer fails, GNAP passes', () => {
    const use = (authorization: string) =>
      exchange({ url: 'http://rs.test/incoming-payments/1', headers: { authorization } })
    assert.deepEqual(violations(gnapScheme(scenarioRun([use('GNAP t')]))), [])
    assert.match(violations(gnapScheme(scenarioRun([use('Bearer t')])))[0]!, /scheme "Bearer", not GNAP/)
  })

  test("CL-TOKEN-ACCESS: a token used for another grant's resource type or wallet address fails", () => {
    const issued = exchange({
      method: 'POST',
      url: 'http://as.test/',
      response: {
        access_token: {
          value: 'ip',
          manage: 'http://as.test/token/1',
          access: [
            {
              type: 'incoming-payment',
              actions: ['create', 'read', 'list'],
              identifier: 'http://rs.test/bob',
            },
          ],
        },
      },
    })
    const use = (url: string, method = 'GET', body?: string) =>
      exchange({ url, method, headers: { authorization: 'GNAP ip' }, ...(body ? { body } : {}) })
    const fine = [
      use('http://rs.test/incoming-payments/1'),
      use('http://rs.test/incoming-payments?wallet-address=http%3A%2F%2Frs.test%2Fbob'),
      use('http://rs.test/incoming-payments', 'POST', '{"walletAddress":"http://rs.test/bob"}'),
    ]
    assert.deepEqual(violations(tokenAccess(scenarioRun([issued, ...fine]))), [])
    const outside = [
      use('http://rs.test/outgoing-payments/1'),
      use('http://rs.test/incoming-payments', 'POST', '{"walletAddress":"http://rs.test/alice"}'),
    ]
    assert.equal(violations(tokenAccess(scenarioRun([issued, ...outside]))).length, 2)
  })

  test('a continuation at a URL no grant gave is judged, not dereferenced', () => {
    const made = exchange({ method: 'POST', url: 'http://as.test/continue/made-up', body: '{}', status: 404 })
    assert.match(violations(continuationForm(scenarioRun([made])))[0]!, /no grant response gave/)
    assert.deepEqual(violations(continueWait(scenarioRun([made]))), [])
  })

  test('CL-LIST-WALK: more requests than the budget fail, wherever the client loops', () => {
    const many = Array.from({ length: REQUEST_BUDGET + 1 }, () =>
      exchange({ url: 'http://rs.test/incoming-payments?wallet-address=x' }),
    )
    assert.equal(violations(withinBudget(scenarioRun(many))).length, 1)
    assert.deepEqual(withinBudget(scenarioRun(many.slice(0, 5))), [])
    const longList = { ...scenarioRun(many), scenario: SCENARIOS.find((s) => s.name === 'long-list')! }
    assert.deepEqual(withinBudget(longList), [], 'long-list judges the budget in its own check')
    assert.match(violations(listWalked(longList))[0]!, /budget/)
  })
})
