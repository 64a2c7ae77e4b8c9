import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { TestResult, TestStep } from '@playwright/test/reporter'
import { publishedPath, relativiseResult, rootsOf } from '../src/relative-paths-reporter.ts'

const CHECKOUT = fileURLToPath(new URL('../../', import.meta.url))

function failure(file: string) {
  return {
    message: `Error: [IP-GET] refused\n    at ${file}:3:9`,
    stack: `Error: boom\n    at helper (${file}:3:9)`,
    location: { file, line: 3, column: 9 },
  }
}

function resultWith(file: string): TestResult {
  const step = { error: failure(file), steps: [] as TestStep[] } as unknown as TestStep
  const parent = { steps: [step] } as unknown as TestStep
  return { error: failure(file), errors: [failure(file)], steps: [parent] } as unknown as TestResult
}

describe('published reports show no absolute path', () => {
  test('a failure under the checkout is shown from the checkout, in every place Playwright keeps it', () => {
    const result = resultWith(`${CHECKOUT}conformance/tests/x.spec.ts`)
    relativiseResult(result, rootsOf(CHECKOUT))
    const text = JSON.stringify(result)
    assert.ok(!text.includes(CHECKOUT), text)
    assert.equal(result.errors[0]?.location?.file, 'conformance/tests/x.spec.ts')
    assert.equal(
      result.steps[0]?.steps[0]?.error?.stack,
      'Error: boom\n    at helper (conformance/tests/x.spec.ts:3:9)',
    )
  })

  test("a configuration outside the checkout (another project's) loses its folder too", () => {
    const result = resultWith('/home/someone/ase/tests/a.spec.ts')
    relativiseResult(result, rootsOf('/home/someone/ase'))
    assert.equal(result.error?.location?.file, 'tests/a.spec.ts')
  })

  test('paths elsewhere are not touched', () => {
    const result = resultWith('/opt/other/a.spec.ts')
    relativiseResult(result, rootsOf(CHECKOUT))
    assert.equal(result.errors[0]?.location?.file, '/opt/other/a.spec.ts')
  })

  test('a file a report names (the baseline): from the checkout, from the working folder, else its name', () => {
    assert.equal(
      publishedPath(`${CHECKOUT}conformance/harness/target/rafiki/baseline.json`),
      'conformance/harness/target/rafiki/baseline.json',
    )
    assert.equal(publishedPath('/home/ci/ase/ci/baseline.json', '/home/ci/ase'), 'ci/baseline.json')
    assert.equal(publishedPath('/home/ci/elsewhere/baseline.json', '/home/ci/ase'), 'baseline.json')
  })
})
