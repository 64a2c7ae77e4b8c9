import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { RULE_ANNOTATION } from '../../conformance/harness/rules/covers.ts'
import { TARGET_STOPPED } from '../../conformance/harness/rules/target-stopped.ts'
import { renderVerdictHtml } from '../src/render-verdict-html.ts'
import { testRecord } from '../src/test-record.ts'
import { computeVerdict } from '../src/verdict.ts'
import { buildVerdictDocument } from '../src/verdict-document.ts'
import { SAMPLE_RECORDS, SAMPLE_RULES, SAMPLE_SUBJECT } from './sample-verdict.ts'

const REASON = `${TARGET_STOPPED} POST /incoming-payments: the target closed the connection without an answer (socket hang up)`

/** A test skipped because the target no longer answered (conformance/fixtures/base-test.ts). */
const skippedAfterStop = (title: string) =>
  testRecord({
    title,
    file: 'conformance/tests/x.spec.ts',
    status: 'skipped',
    annotations: [
      { type: RULE_ANNOTATION, description: SAMPLE_RULES[0]!.id },
      { type: 'skip', description: REASON },
    ],
    errors: [],
  })

function documentOf(records: ReturnType<typeof testRecord>[]) {
  return buildVerdictDocument({
    verdict: computeVerdict(SAMPLE_RULES, records),
    subject: SAMPLE_SUBJECT,
    runStatus: 'passed',
    records,
    otherFailures: [],
    evidence: {},
  })
}

describe('a run whose target stopped answering', () => {
  test('the verdict says so in its headline and in targetStopped, with the tests the stop kept from running', () => {
    const document = documentOf([...SAMPLE_RECORDS, skippedAfterStop('after 1'), skippedAfterStop('after 2')])
    assert.deepEqual(document.targetStopped, { reason: REASON, testsNotRun: 2 })
    assert.match(
      document.headline,
      /; the target stopped answering after POST \/incoming-payments: .*: 2 tests after it did not run and charge no rule$/,
    )
    assert.match(renderVerdictHtml(document), /the target stopped answering after POST \/incoming-payments/)
  })

  test('a run whose target answered throughout says nothing of a stop', () => {
    const document = documentOf([...SAMPLE_RECORDS])
    assert.equal(document.targetStopped, undefined)
    assert.doesNotMatch(document.headline, /stopped answering/)
  })
})
