import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { readableFailure } from '../src/failure-text.ts'
import { plural } from '../src/plural.ts'

const TITLE = 'conformance › conformance/tests/x.spec.ts › reads an unknown id'
const rule = { failedIn: [TITLE] }

describe('failure texts a reader can use', () => {
  const cases: [name: string, failure: string, expected: string][] = [
    [
      'the exchange already says what the server answered: the matcher block goes',
      `${TITLE}: Error: [IP-GET] an unknown id is refused with 404: GET https://ase.test/x -> 401 {}\n\nexpect(received).toContain(expected) // indexOf\n\nExpected value: 401\nReceived array: [404]`,
      '[IP-GET] an unknown id is refused with 404: GET https://ase.test/x -> 401 {}',
    ],
    [
      'booleans say nothing the message does not',
      `${TITLE}: [GEN-JSON] the body is JSON\n\nexpect(received).toBe(expected) // Object.is equality\n\nExpected: true\nReceived: false`,
      'the body is JSON',
    ],
    [
      'values without an exchange are kept, on one line',
      `${TITLE}: [IP-GET] the status\n\nexpect(received).toBe(expected) // Object.is equality\n\nExpected: 404\nReceived: 401`,
      'the status\n(expected 404, got 401)',
    ],
    [
      'terminal colours go, a seed to replay stays',
      `${TITLE}: \u001b[31m[PROP] broke\u001b[39m\nseed: 42`,
      'broke\nseed: 42',
    ],
  ]
  for (const [name, failure, expected] of cases) {
    test(name, () => {
      const readable = readableFailure(rule, failure)
      assert.equal(readable.test, TITLE)
      assert.equal(readable.text, expected.replace(/^\[IP-GET\] /, ''))
    })
  }

  test("a failure of several findings loses its rule's prefix on every line, keeps another rule's", () => {
    const failure = `${TITLE}: [CL-SIGNED] GET /x: does not verify\n[CL-SIGNED] GET /y: does not verify\n[CL-KEYID] z`
    assert.equal(
      readableFailure({ failedIn: [TITLE], rule: { id: 'CL-SIGNED' } }, failure).text,
      'GET /x: does not verify\nGET /y: does not verify\n[CL-KEYID] z',
    )
  })

  test('plurals: 1 rule, 2 rules, 0 tests', () => {
    assert.deepEqual(
      [plural(1, 'rule'), plural(2, 'rule'), plural(0, 'test')],
      ['1 rule', '2 rules', '0 tests'],
    )
  })
})
