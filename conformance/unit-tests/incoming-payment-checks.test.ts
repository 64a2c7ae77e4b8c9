import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ILP_ADDRESS_MAX_LENGTH, ilpMethodProblems, isDateTime } from '../checks/incoming-payment-checks.ts'

const good = { type: 'ilp', ilpAddress: 'test.reference.abc_~-1', sharedSecret: 'AbC-_09' }

test('a well-formed ILP method has no problems, whatever allocation scheme it starts with', () => {
  for (const scheme of ['g', 'private', 'example', 'peer', 'self', 'test', 'test1', 'test3', 'local']) {
    assert.deepEqual(ilpMethodProblems({ ...good, ilpAddress: `${scheme}.a.b` }), [], scheme)
  }
  const longest = `g.${'a'.repeat(ILP_ADDRESS_MAX_LENGTH - 2)}`
  assert.deepEqual(ilpMethodProblems({ ...good, ilpAddress: longest }), [])
})

test('each malformed part of an ILP method is named', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['another type', { ...good, type: 'stream' }, /type/],
    ['no ilpAddress', { ...good, ilpAddress: undefined }, /ilpAddress/],
    ['an unknown scheme', { ...good, ilpAddress: 'test4.a' }, /ilpAddress/],
    ['a scheme alone', { ...good, ilpAddress: 'g' }, /ilpAddress/],
    ['an empty segment', { ...good, ilpAddress: 'g..a' }, /ilpAddress/],
    ['a space', { ...good, ilpAddress: 'g.a b' }, /ilpAddress/],
    ['1024 characters', { ...good, ilpAddress: `g.${'a'.repeat(ILP_ADDRESS_MAX_LENGTH - 1)}` }, /1024/],
    ['standard base64', { ...good, sharedSecret: 'ab+/cd==' }, /sharedSecret/],
    ['an empty sharedSecret', { ...good, sharedSecret: '' }, /sharedSecret/],
  ]
  for (const [name, method, problem] of cases) {
    const problems = ilpMethodProblems(method)
    assert.equal(problems.length, 1, `${name}: ${problems.join('; ')}`)
    assert.match(problems[0] ?? '', problem, name)
  }
})

test('isDateTime accepts RFC 3339 date-times only', () => {
  assert.ok(isDateTime('2030-01-01T00:00:00Z'))
  assert.ok(isDateTime('2030-01-01T00:00:00.123+02:00'))
  for (const value of ['2030-01-01', '2030-01-01 00:00:00Z', 'tomorrow', 1_700_000_000, undefined]) {
    assert.equal(isDateTime(value), false, String(value))
  }
})
