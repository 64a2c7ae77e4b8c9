import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { expiryWaitSeconds, tooLongToWait } from '../target/expiry-wait.ts'
import type { TargetFile } from '../target/target-file.ts'

const target: TargetFile = {
  name: 't',
  walletAddresses: { sender: 'https://a.example/s', receiver: 'https://a.example/r' },
  client: { serveLocally: true },
}

describe('how long the suite waits for an expiry', () => {
  test('by default 120 s for tokens and 30 s for quotes', () => {
    assert.deepEqual([expiryWaitSeconds(target, 'token'), expiryWaitSeconds(target, 'quote')], [120, 30])
  })

  test('waits.expirySeconds sets both', () => {
    const patient = { ...target, waits: { expirySeconds: 660 } }
    assert.deepEqual([expiryWaitSeconds(patient, 'token'), expiryWaitSeconds(patient, 'quote')], [660, 660])
  })

  test('the skip reason names the lifetime, the limit and the field to set', () => {
    assert.equal(
      tooLongToWait(target, 'quote', 300),
      "the target's quotes live 300 s; the suite waits at most 30 s (by default); set waits.expirySeconds to " +
        'at least 300 to have it wait (see conformance/targets/README.md)',
    )
  })
})
