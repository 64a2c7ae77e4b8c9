import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { announceWait, formatSeconds } from '../harness/time/progress.ts'

function printed(action: () => void): string {
  const write = process.stdout.write
  let out = ''
  process.stdout.write = ((chunk: string) => {
    out += chunk
    return true
  }) as typeof process.stdout.write
  try {
    action()
  } finally {
    process.stdout.write = write
  }
  return out
}

describe('progress on long waits', () => {
  test('a long wait gets one line saying what for and how long', () => {
    assert.equal(
      printed(() => announceWait(31_400, 'the quote to expire')),
      '  … waiting 31 s for the quote to expire\n',
    )
  })

  test('a short wait says nothing', () => {
    assert.equal(
      printed(() => announceWait(4_999, 'a moment')),
      '',
    )
  })

  test('minutes are minutes', () => {
    assert.equal(formatSeconds(600_000), '10 min 0 s')
    assert.equal(formatSeconds(119_000), '119 s')
  })
})
