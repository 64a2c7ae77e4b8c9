import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import type { TestCase, TestResult } from '@playwright/test/reporter'
import { tokenFingerprint } from '../harness/http/redact-tokens.ts'
import { redactTraceArchive } from '../harness/http/redact-trace.ts'
import TraceRedactionReporter from '../harness/http/trace-redaction-reporter.ts'
import { readZip, writeZip } from '../harness/http/zip-entries.ts'

const SENT = 'dwdIfxWQIjCbIoCRVtPX8k-XxJdgjjeuhjBb6V_zD9k'
const ISSUED = 'lrw6X5OyrDC9rqAGT3IsTABblbFxhvwuK0rT_VZlvlw'
const CONTINUATION = '33OMUKMKSKU80UPRY5NM'
const KNOWN_ELSEWHERE = 'OS9M2PMHKUR64TB8N6BW7OZB8CPBKJAT'

/** A trace as Playwright writes one: actions, network log, bodies, and a binary entry that must survive. */
const trace = [
  {
    name: '0-trace.trace',
    data: Buffer.from(
      `{"method":"fetch","params":{"headers":[{"name":"authorization","value":"GNAP ${SENT}"}]}}\n` +
        `{"method":"expect","title":"the rotated token is a new value","params":{"expected":"${ISSUED}"}}\n` +
        `{"method":"expect","params":{"expected":"${KNOWN_ELSEWHERE}"}}\n`,
    ),
  },
  {
    name: 'resources/0494cc1f.json',
    data: Buffer.from(
      JSON.stringify({
        access_token: { access: [], manage: 'https://auth.test/token/1', value: ISSUED },
        continue: { access_token: { value: CONTINUATION }, uri: 'https://auth.test/continue/1' },
      }),
    ),
  },
  { name: 'resources/page.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xab, 0x00, 0xff]) },
]

describe('trace redaction', () => {
  test('a zip written is read back entry for entry', () => {
    assert.deepEqual(readZip(writeZip(trace)), trace)
  })

  test('every token value in a trace becomes its fingerprint, wherever the trace holds it', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'redact-trace-')), 'trace.zip')
    writeFileSync(path, writeZip(trace))
    redactTraceArchive(path, [KNOWN_ELSEWHERE, ''])
    const entries = readZip(readFileSync(path))
    const text = entries.map((entry) => entry.data.toString('utf8')).join('\n')
    for (const value of [SENT, ISSUED, CONTINUATION, KNOWN_ELSEWHERE]) {
      assert.ok(!text.includes(value), `${value} is left`)
      assert.ok(text.includes(tokenFingerprint(value)), `${value} has no fingerprint`)
    }
    assert.deepEqual(entries.at(-1), trace.at(-1))
    assert.doesNotThrow(() => JSON.parse(entries[1]!.data.toString('utf8')))
  })
})

describe('trace redaction reporter', () => {
  test('a trace it cannot read is emptied, never left with its tokens', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'redact-trace-')), 'trace.zip')
    writeFileSync(path, `not a zip: GNAP ${SENT}`)
    const result = { attachments: [{ name: 'trace', path, contentType: 'application/zip' }] }
    new TraceRedactionReporter().onTestEnd({} as TestCase, result as unknown as TestResult)
    assert.deepEqual(
      readZip(readFileSync(path)).map((entry) => entry.name),
      ['redaction-failed.txt'],
    )
  })
})
