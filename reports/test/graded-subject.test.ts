import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { renderJunit } from '../src/render-junit.ts'
import { renderVerdictMarkdown } from '../src/render-verdict.ts'
import { renderVerdictHtml } from '../src/render-verdict-html.ts'
import { sampleDocument } from './sample-verdict.ts'

const client = {
  ...sampleDocument(),
  subject: { kind: 'client' as const, adapter: 'python3 adapter.py', client: 'my-sdk 1.2.0' },
}

describe('what a verdict says was graded', () => {
  test("a client verdict says the client was graded, and that the server was the suite's own", () => {
    const markdown = renderVerdictMarkdown(client)
    assert.match(markdown, /^# Open Payments client conformance verdict$/m)
    assert.match(markdown, /^Client graded: \*\*my-sdk 1\.2\.0\*\* {2}$/m)
    assert.match(markdown, /^Adapter: python3 adapter\.py {2}$/m)
    assert.match(markdown, /^Server: not graded: the suite played the account servicing entity/m)
    assert.match(markdown, /^## Beyond the spec \(GNAP, RFC 9635; the adapter protocol\)/m)
    assert.doesNotMatch(markdown, /^Target:/m)
    const page = renderVerdictHtml(client)
    assert.match(page, /<title>Open Payments client conformance: my-sdk 1\.2\.0<\/title>/)
    assert.match(page, /<h1>Open Payments client conformance verdict<\/h1>/)
    assert.match(page, /<dt>Client graded<\/dt><dd data-field="Client graded">my-sdk 1\.2\.0<\/dd>/)
    assert.doesNotMatch(page, /Latency of the target|<dt>Target<\/dt>/)
    assert.match(renderJunit(client), /<testsuites name="Open Payments client conformance: my-sdk 1\.2\.0"/)
  })

  test('a server verdict names its target, as before', () => {
    const server = sampleDocument()
    assert.match(renderVerdictMarkdown(server), /^# Open Payments conformance verdict$/m)
    assert.match(renderVerdictMarkdown(server), /^Target: \*\*Sample ASE <staging>\*\* {2}$/m)
    assert.match(renderVerdictHtml(server), /<dt>Target<\/dt>/)
    assert.match(renderVerdictHtml(server), /Latency of the target/)
  })
})
