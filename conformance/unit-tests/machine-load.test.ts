import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { MAX_MACHINE_FACTOR, machineFactor } from '../harness/time/machine-load.ts'

describe('the machine factor on the suite’s own limits', () => {
  test('a quiet machine stretches nothing', () => {
    assert.equal(machineFactor(0.4, 2), 1)
    assert.equal(machineFactor(2, 2), 1)
  })

  test('a busy one stretches by its load per core', () => {
    assert.equal(machineFactor(13, 2), 6.5)
    assert.equal(machineFactor(8, 4), 2)
  })

  test('never beyond the most, and a reading that makes no sense stretches nothing', () => {
    assert.equal(machineFactor(40, 2), MAX_MACHINE_FACTOR)
    assert.equal(machineFactor(Number.NaN, 2), 1)
    assert.equal(machineFactor(10, 0), 1)
  })
})
