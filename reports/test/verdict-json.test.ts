import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { renderJunit } from '../src/render-junit.ts'
import { sampleDocument } from './sample-verdict.ts'

const schema = JSON.parse(readFileSync(new URL('../schemas/verdict.schema.json', import.meta.url), 'utf8'))
const ajv = new Ajv({ allErrors: true })
addFormats.default(ajv)
const validate = ajv.compile(schema)

describe('verdict.json', () => {
  test('what the reporter writes matches its documented schema', () => {
    const written = JSON.parse(JSON.stringify(sampleDocument()))
    assert.equal(validate(written), true, JSON.stringify(validate.errors))
  })

  test('the schema is not a formality: a wrong status or a missing member fails it', () => {
    const written = JSON.parse(JSON.stringify(sampleDocument()))
    written.rules[0].status = 'sort of'
    delete written.suite.commit
    assert.equal(validate(written), false)
    assert.deepEqual(validate.errors?.map((e) => e.instancePath).sort(), ['/rules/0/status', '/suite'])
  })
})

describe('JUnit XML', () => {
  const xml = renderJunit(sampleDocument())
  const testcases = (tier: string) =>
    xml
      .split(`<testsuite name="${tier}"`)[1]!
      .split('</testsuite>')[0]!
      .match(/<testcase /g)?.length ?? 0

  test('one test case per rule, one suite per tier', () => {
    assert.equal(testcases('spec'), 7)
    assert.equal(testcases('beyond-spec'), 1)
    assert.equal(testcases('robustness'), 0)
    assert.match(xml, /<testsuite name="spec" tests="7" failures="1" errors="0" skipped="3">/)
  })

  test('a spec failure is a failure with its message; beyond the spec it is a warning, not a failure', () => {
    assert.match(
      xml,
      /name="IP-GET \(MUST\): reads incoming payments">\s*<failure message="FAIL: reads an unknown id: \[IP-GET\] expected 404, got 401"/,
    )
    assert.match(xml, /name="GNAP-X \(MUST\): grant details">\s*<system-out>grant: \[GNAP-X\] no code/)
    assert.match(xml, /<skipped message="NOT APPLICABLE: QT-X \(no otherAsset\)"\/>/)
    assert.match(xml, /creates &lt;b&gt;incoming&lt;\/b&gt; payments/)
  })

  test('a failure the baseline expects is skipped, saying so', () => {
    const document = sampleDocument()
    document.baseline = {
      file: 'b.json',
      entries: 1,
      expected: [{ rule: 'IP-GET', reasons: ['known 401'] }],
      unexpected: [],
      stale: [],
      unconfirmed: [],
      untested: [],
    }
    assert.match(renderJunit(document), /<skipped message="expected failure \(baseline\): known 401"\/>/)
  })
})
