import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { referenceServerPlan } from '../reference-plan.ts'
import { referencePort } from '../reference-ports.ts'
import { simulatedAsePlan } from '../simulated-ase-plan.ts'

describe('REFERENCE_PORT', () => {
  test('defaults to 3400, empty or unset', () => {
    assert.equal(referencePort({}, 2), 3400)
    assert.equal(referencePort({ REFERENCE_PORT: '' }, 2), 3400)
    assert.equal(referenceServerPlan({ REFERENCE_PORT: '5600' }).publicUrl, 'http://127.0.0.1:5600')
  })

  for (const [value, message] of [
    ['abc', /REFERENCE_PORT must be a port from 1 to 65534, the first of 2 it uses \(got "abc"\)/],
    ['0', /REFERENCE_PORT must be a port/],
    ['65535', /REFERENCE_PORT must be a port from 1 to 65534/],
    [
      '5999',
      /REFERENCE_PORT=5999 uses ports 5999 to 6000, and fetch .* refuses to connect to 6000; choose another/,
    ],
  ] as const)
    test(`refuses ${JSON.stringify(value)} in the reference plan, naming the variable`, () => {
      assert.throws(() => referenceServerPlan({ REFERENCE_PORT: value }), message)
    })

  // Port 6000 (X11) made the official SDK's adapter fail with 'fetch failed' behind the simulated ASE's proxy.
  test('the simulated ASE refuses a range whose proxies, server or finish URI fall on a port fetch refuses', () => {
    assert.throws(
      () => simulatedAsePlan({ REFERENCE_PORT: '5996' }),
      /5996 to 6000, .* refuses to connect to 6000/,
    )
    assert.throws(() => simulatedAsePlan({ REFERENCE_PORT: '6665' }), /6665, 6666, 6667, 6668, 6669/)
    assert.equal(simulatedAsePlan({ REFERENCE_PORT: '6400' }).resourceProxyPort, 6400)
  })
})
