import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { RUN_WORKERS } from '../../conformance/harness/time/long-wait.ts'
import { referenceServerPlan } from '../reference-plan.ts'

const workersWith = (driver?: string) =>
  referenceServerPlan({ REFERENCE_PORT: '5600', ...(driver && { REFERENCE_CONSENT_DRIVER: driver }) }).workers

describe("a reference run's workers", () => {
  test('with the HTTP consent driver, the default, more than against other targets', () => {
    assert.equal(workersWith(), workersWith('http'))
    assert.ok(workersWith('http') > RUN_WORKERS)
  })

  test('with the browser, each starting a Chromium, as many as against other targets', () => {
    assert.equal(workersWith('browser'), RUN_WORKERS)
  })
})
